/** Placeholder until the catalogue screens land. */
export default function ProductsPage() {
  return null;
}
