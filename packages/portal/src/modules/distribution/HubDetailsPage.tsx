/** Placeholder until this screen lands. */
export default function HubDetailsPage() {
  return null;
}
