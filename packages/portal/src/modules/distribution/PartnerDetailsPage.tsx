/** Placeholder until this screen lands. */
export default function PartnerDetailsPage() {
  return null;
}
