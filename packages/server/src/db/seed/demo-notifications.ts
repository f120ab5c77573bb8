import type { FastifyInstance } from 'fastify';
import { demoUser } from './demo-api.ts';

const NEW_ORDER = `Hello team,

**{{ request.marketplace.name }}** ordered **{{ request.asset.product.name }}** for {{ request.asset.tiers.customer.name }}.

- Request: {{ request.id }} ({{ request.type }}, {{ request.status }})
- Subscription: {{ request.asset.id }}
{{#request.asset.items}}
- {{ display_name }}: {{ quantity }}
{{/request.asset.items}}

Open it in the portal to review and approve it.`;

/**
 * Demo e-mail notifications: Demo Vendor subscribes to "Fulfillment request created" with the rule "New order",
 * which mails its team (the account's admin group) and the request's assignee. Made last, so the demo's own
 * requests mail nobody.
 */
export async function seedDemoNotifications(app: FastifyInstance) {
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'notifications');
  try {
    const subscription = await vendor.call('POST', '/notifications/subscriptions', { event: { id: 'NE-0001' } });
    const groups = (await vendor.call('GET', `/accounts/${vendor.accountId}/groups?limit=1`)) as { id: string }[];
    await vendor.call('POST', `/notifications/subscriptions/${subscription.id}/rules`, {
      name: 'New order',
      template: { subject: 'New order {{ request.id }}: {{ request.asset.product.name }}', body: NEW_ORDER },
      recipients: { groups: groups.map((g) => ({ id: g.id })), assignee: true },
    });
  } finally {
    await vendor.logout();
  }
}
