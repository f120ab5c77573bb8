/** Placeholder until the parameter screens land. */
export default function ParameterDetailsPage() {
  return null;
}
