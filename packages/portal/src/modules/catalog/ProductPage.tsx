/** Placeholder until the catalogue screens land. */
export default function ProductPage() {
  return null;
}
