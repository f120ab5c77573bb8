import { webhookDeliveryResource, type WebhookDelivery } from '@trellis/domain/notifications/delivery';
import { ResourceTable, type Column } from '../../components/ResourceTable/ResourceTable.tsx';
import { deliveriesApiPath } from './paths.ts';

// The declared columns, then why the last attempt failed and when the next one is due.
const FIELDS = [
  'events.created.at',
  'event.type',
  'event.object.id',
  'status',
  'status_code',
  'duration',
  'attempts',
  'error',
  'next_attempt_at',
];
const COLUMNS: Column<WebhookDelivery>[] = FIELDS.map((field) => ({
  field,
  label: webhookDeliveryResource.fields?.[field]?.label,
}));

/** A webhook's delivery log, newest first: each event's delivery, its status, the receiver's answer and retries. */
export function DeliveriesTab({ webhookId }: { webhookId: string }) {
  return (
    <ResourceTable<WebhookDelivery>
      key="deliveries"
      resource={webhookDeliveryResource}
      path={deliveriesApiPath(webhookId)}
      stateKey="webhook-deliveries"
      columns={COLUMNS}
    />
  );
}
