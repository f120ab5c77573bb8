/** Placeholder until this screen lands. */
export default function MarketplacesPage() {
  return null;
}
