/** Placeholder until this screen lands. */
export default function CustomersPage() {
  return null;
}
