/** Placeholder until this screen lands. */
export default function HubsPage() {
  return null;
}
