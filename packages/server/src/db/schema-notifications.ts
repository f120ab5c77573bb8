import type { ColumnType, Generated } from 'kysely';
import type { deliveryTable, webhookTable } from '../modules/notifications/tables.ts';
import type { RowOf, Timestamp } from '../resources/table.ts';

// Row types of the event outbox and the webhook tables (migrations/0039_events_webhooks.ts).
export interface NotificationTables {
  events: {
    seq: Generated<string>;
    id: string;
    object_class: string;
    object_id: string;
    type: string;
    action: string;
    account_ids: ColumnType<string[], string[], string[]>;
    product_id: string | null;
    created_at: Timestamp;
    dispatched_at: Timestamp | null;
  };
  webhooks: RowOf<typeof webhookTable>;
  webhook_deliveries: RowOf<typeof deliveryTable>;
}
