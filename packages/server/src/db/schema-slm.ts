import type { slaTable, sliTable } from '../modules/slm/tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the service level tables (migrations/0038_service_levels.ts), from the declared tables.
export interface SlmTables {
  slas: RowOf<typeof slaTable>;
  slis: RowOf<typeof sliTable>;
}
