import type { FastifyInstance } from 'fastify';
import { demoUser, type DemoUser } from './demo-api.ts';

/**
 * Helpdesk cases both ways, so both accounts' `cases` counters show: the provider's question about Secure Mail
 * Suite that the vendor has to answer, the vendor's request that waits for the provider, a resolved case the
 * provider has to confirm, and a closed one with its rating. Then Demo Provider and Demo Vendor talk about a fulfillment request of Secure Mail Suite: a conversation with a
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
  await seedDemoCases(provider, vendor);
  await provider.logout();
  await vendor.logout();
}

async function seedDemoCases(provider: DemoUser, vendor: DemoUser) {
  const [vendorId, providerId] = [vendor.accountId, provider.accountId];
  const [product] = await vendor.call('GET', '/products?eq(name,Secure%20Mail%20Suite)&limit=1');
  const ask = (who: DemoUser, to: string, body: object) =>
    who.call('POST', '/helpdesk/cases', { receiver: { account: { id: to } }, ...body });
  const messageOn = async (who: DemoUser, caseId: string, text: string) => {
    const [conversation] = await who.call('GET', `/conversations?instance_id=${caseId}`);
    await who.call('POST', `/conversations/${conversation.id}/messages`, { text });
  };

  const codes = await ask(provider, vendorId, {
    subject: 'Activation codes missing for two Secure Mail Suite orders',
    description:
      'Two customers ordered last week and got **no activation code**.\n\n- Both orders are approved\n- The e-mail address is right',
    type: 'technical',
    priority: 2,
    ...(product && { product: { id: product.id } }),
  });
  await messageOn(provider, codes.id, 'The customers are waiting to move their mailboxes; anything we can tell them?');

  const prices = await ask(vendor, providerId, {
    subject: 'Please publish the new price list in your marketplace',
    description: 'Our prices change on the first of next month. Could you update the listing before then?',
    type: 'business',
    priority: 1,
  });
  await messageOn(vendor, prices.id, 'The new list is attached to the product as a price list version.');

  const invoice = await ask(provider, vendorId, {
    subject: 'Invoice shows the wrong currency',
    description: "Last month's invoice is in USD; our contract says EUR.",
    type: 'business',
    priority: 0,
  });
  await attachInvoiceLines(provider, invoice.id);
  await messageOn(vendor, invoice.id, 'Fixed: the invoice was issued again in EUR.');
  await vendor.call('POST', `/helpdesk/cases/${invoice.id}/resolve`, {});

  const sso = await ask(provider, vendorId, {
    subject: 'How do our users sign in with SSO?',
    description: 'Is there a guide to set up single sign-on for our staff?',
    type: 'technical',
    priority: 1,
  });
  await vendor.call('POST', `/helpdesk/cases/${sso.id}/resolve`, {});
  await provider.call('POST', `/helpdesk/cases/${sso.id}/close`, { rating: 5, feedback: 'Clear answer, thank you.' });
}

/** The provider shows the invoice lines in question: a small CSV attached to the case. */
async function attachInvoiceLines(provider: DemoUser, caseId: string) {
  const lines = [
    'line,description,quantity,unit_price,currency',
    '1,Secure Mail Suite - Mailbox,25,4.00,USD',
    '2,Secure Mail Suite - Archive add-on,25,1.50,USD',
  ];
  await provider.upload(`/helpdesk/cases/${caseId}/attachments`, {
    field: 'file',
    name: 'invoice-lines.csv',
    body: Buffer.from(`${lines.join('\n')}\n`),
  });
}
