export interface LocalizationTabProps {
  productId: string;
  /** Providers and non-latest versions see the catalogue read-only. */
  readOnly: boolean;
}

/** Placeholder until the localization screens land. */
export function LocalizationTab(_props: LocalizationTabProps) {
  return null;
}
