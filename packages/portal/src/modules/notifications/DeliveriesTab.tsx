import { webhookDeliveryResource, type WebhookDelivery } from '@trellis/domain/notifications/delivery';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { deliveriesApiPath } from './paths.ts';

/** A webhook's delivery log, newest first: each event's delivery, its status, the receiver's answer and retries. */
export function DeliveriesTab({ webhookId }: { webhookId: string }) {
  return (
    <ResourceTable<WebhookDelivery>
      key="deliveries"
      resource={webhookDeliveryResource}
      path={deliveriesApiPath(webhookId)}
      stateKey="webhook-deliveries"
    />
  );
}
