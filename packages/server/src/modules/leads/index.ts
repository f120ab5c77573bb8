import type { Api } from '../types.ts';
import { defineArea } from '../types.ts';
import { embedRoutes } from './embed.ts';
import { leadForms } from './lead-forms.ts';
import { countNewLeads, leadRecords } from './lead-records.ts';
import { listingFormRoutes } from './listing-forms.ts';
import { listingFormTable } from './tables.ts';

/**
 * Leads: vendors' lead forms, the form each listing uses, the leads visitors send through a listing's public form
 * (or a party of the listing records), qualified or invalidated by the vendor.
 */
export const leads = defineArea({
  name: 'leads',
  resources: [leadForms, leadRecords],
  tables: [listingFormTable],
  routes: (api: Api) => {
    listingFormRoutes(api);
    embedRoutes(api);
  },
  // Dashboard (spec §1, §6): new leads, on the vendor's dashboard.
  counters: { leads: { visibleTo: ['vendor'], count: countNewLeads } },
});
