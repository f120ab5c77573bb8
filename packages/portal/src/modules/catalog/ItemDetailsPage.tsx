/** Placeholder until the catalogue screens land. */
export default function ItemDetailsPage() {
  return null;
}
