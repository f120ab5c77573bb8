/** Placeholder until this screen lands. */
export default function CustomerDetailsPage() {
  return null;
}
