import type {
  reconciliationRowTable,
  reconciliationTable,
  usageAggregateTable,
  usageChunkTable,
  usageFileTable,
  usageRecordTable,
  usageRuleTable,
} from '../modules/usage/tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the usage area (migrations/0028_usage.ts, 0029_usage_reconciliation_rows.ts), from the declared tables.
export interface UsageTables {
  usage_files: RowOf<typeof usageFileTable>;
  usage_records: RowOf<typeof usageRecordTable>;
  usage_chunks: RowOf<typeof usageChunkTable>;
  usage_reconciliations: RowOf<typeof reconciliationTable>;
  usage_aggregates: RowOf<typeof usageAggregateTable>;
  usage_reconciliation_rows: RowOf<typeof reconciliationRowTable>;
  usage_rules: RowOf<typeof usageRuleTable>;
}
