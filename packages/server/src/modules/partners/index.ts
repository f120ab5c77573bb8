import { defineArea } from '../types.ts';
import { agreementForms, agreementFormVersions } from './forms.ts';

/**
 * Partner management (issue 15): agreements with versions and documents, the contracts partners sign under
 * them (an active distribution contract is what makes a vendor and a distributor partners), custom forms and
 * catalog groups.
 */
export const partners = defineArea({
  name: 'partners',
  resources: [agreementForms, agreementFormVersions],
});
