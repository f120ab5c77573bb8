/** Placeholder until the catalogue screens land. */
export default function ItemGroupDetailsPage() {
  return null;
}
