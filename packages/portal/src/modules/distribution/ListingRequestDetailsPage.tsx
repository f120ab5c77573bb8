/** Placeholder until this screen lands. */
export default function ListingRequestDetailsPage() {
  return null;
}
