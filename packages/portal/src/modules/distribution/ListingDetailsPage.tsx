/** Placeholder until this screen lands. */
export default function ListingDetailsPage() {
  return null;
}
