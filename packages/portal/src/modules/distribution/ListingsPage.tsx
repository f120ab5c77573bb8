/** Placeholder until this screen lands. */
export default function ListingsPage() {
  return null;
}
