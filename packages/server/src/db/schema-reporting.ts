import type {
  reportRepositoryTable,
  reportRepositoryVersionTable,
  reportScheduleTable,
  reportTable,
  reportTemplateTable,
} from '../modules/reporting/tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the reporting area (migrations/0040_reporting.ts), from the declared tables.
export interface ReportingTables {
  report_repositories: RowOf<typeof reportRepositoryTable>;
  report_repository_versions: RowOf<typeof reportRepositoryVersionTable>;
  report_templates: RowOf<typeof reportTemplateTable>;
  reports: RowOf<typeof reportTable>;
  report_schedules: RowOf<typeof reportScheduleTable>;
}
