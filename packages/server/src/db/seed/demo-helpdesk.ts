import type { FastifyInstance } from 'fastify';
import { demoUser } from './demo-api.ts';

/**
 * Demo Provider and Demo Vendor talk about a fulfillment request of Secure Mail Suite: a conversation with a
 * question, a quoted answer and a private note of the provider's, which the vendor does not see.
 */
export async function seedDemoHelpdesk(app: FastifyInstance) {
  const provider = await demoUser(app, 'provider@demo.trellis', 'helpdesk');
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'helpdesk');
  const [request] = await provider.call('GET', '/requests?ordering(created)&limit=1');
  if (!request) throw new Error('demo helpdesk: no Secure Mail Suite request (demo-fulfillment.ts)');
  const conversation = await provider.call('POST', '/conversations', { instance_id: request.id });
  const thread = `/conversations/${conversation.id}/messages`;
  await provider.call('POST', thread, {
    text: 'The customer asks when the **mailboxes** will be ready. Is the activation code on its way?',
  });
  await vendor.call('POST', thread, {
    text: '> Is the activation code on its way?\n\nYes: it was sent this morning, see the activation tile.',
  });
  await provider.call('POST', thread, { text: 'Call the customer back once it is active.', type: 'private' });
  await provider.logout();
  await vendor.logout();
}
