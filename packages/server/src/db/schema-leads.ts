import type { leadFormTable, leadRecordTable, listingFormTable } from '../modules/leads/tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the leads area (migrations/0027_leads.ts), from the declared tables.
export interface LeadsTables {
  lead_forms: RowOf<typeof leadFormTable>;
  listing_forms: RowOf<typeof listingFormTable>;
  lead_records: RowOf<typeof leadRecordTable>;
}
