import type { agreementFormTable, agreementFormVersionTable } from '../modules/partners/forms.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of custom forms (migrations/0025_forms.ts), from the declared tables.
export interface FormsTables {
  agreement_forms: RowOf<typeof agreementFormTable>;
  agreement_form_versions: RowOf<typeof agreementFormVersionTable>;
}
