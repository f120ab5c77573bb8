export interface ParametersTabProps {
  productId: string;
  /** ordering and fulfillment parameters, or configuration parameters */
  phase: 'ordering' | 'fulfillment' | 'configuration';
  /** Providers and non-latest versions see the catalogue read-only. */
  readOnly: boolean;
  /** Set when showing a built version instead of the live catalogue. */
  version?: number;
}

/** Placeholder until the parameter screens land. */
export function ParametersTab(_props: ParametersTabProps) {
  return null;
}
