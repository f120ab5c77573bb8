/** Placeholder until this screen lands. */
export default function PartnersPage() {
  return null;
}
