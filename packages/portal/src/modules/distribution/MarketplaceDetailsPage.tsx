/** Placeholder until this screen lands. */
export default function MarketplaceDetailsPage() {
  return null;
}
