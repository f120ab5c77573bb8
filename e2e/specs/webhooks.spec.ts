import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from '../fixtures.ts';
import { FulfillmentRequestPage } from '../pages/FulfillmentRequestPage.ts';
import { apiAs } from '../support/api.ts';
import { DEMO_USERS } from '../support/demo.ts';

// Journey: Demo Vendor adds a webhook for its Secure Mail Suite orders in Integrations › Webhooks, sends a test call,
// then approves the demo's pending Bergmann order; its receiver (a server run by the test, on loopback, which the e2e
// server allows with WEBHOOK_ALLOW_PRIVATE) gets the approved request, and the webhook's delivery log shows it.

test('a webhook receives the purchase its vendor approves', async ({ page, loginAs, request }) => {
  const received: { headers: IncomingHttpHeaders; body: any }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/orders`;
  const label = `ERP e2e ${Date.now()}`;

  try {
    await loginAs(DEMO_USERS.vendor);
    await page.goto('/integrations/webhooks');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const add = page.getByRole('dialog', { name: 'Add webhook' });
    await add.getByLabel('Label').fill(label);
    await add.getByRole('combobox', { name: 'Objects' }).click();
    await page.getByRole('option', { name: 'Fulfillment requests' }).click();
    await add.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: /^Secure Mail Suite/ }).click();
    await add.getByLabel('URL').fill(url);
    await add.getByRole('button', { name: 'Generate' }).click();
    await add.getByRole('button', { name: 'Add', exact: true }).click();

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: label })).toBeVisible();
    await main.getByRole('button', { name: 'Send test' }).click();
    await expect(main.getByRole('alert').filter({ hasText: 'Test call: Delivered (204)' })).toBeVisible();
    expect(received[0].body).toMatchObject({ type: 'webhook_test' });

    // The vendor approves the demo's pending Bergmann order with the activation template.
    const vendorApi = await apiAs(request, DEMO_USERS.vendor.email);
    const pending = await vendorApi.get<{ id: string; asset: any }[]>('/requests', 'eq(status,pending)&limit=100');
    const order = pending.find((r) =>
      r.asset.params.some((p: any) => p.id === 'mail_domain' && p.value === 'bergmann-hafen.example'),
    );
    expect(order, 'the demo has a pending Bergmann order').toBeTruthy();
    const vendorPage = FulfillmentRequestPage.request(page);
    await vendorPage.open(order!.id, 'parameters-customer');
    await vendorPage.param('Mail tenant id').fill('smt-bergmann-02');
    await vendorPage.saveParams();
    await vendorPage.action('Approve').click();
    await vendorPage.dialog('Approve request').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(vendorPage.status('Approved')).toBeVisible();

    // The receiver gets the request as approved, signed for this webhook. A delivery carries the object as it is
    // when it is sent: the parameter change's delivery, when it goes after the approval, shows it approved too.
    await expect
      .poll(() => received.filter((m) => m.body.id === order!.id && m.body.status === 'approved').length, {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(1);
    const call = received.find((m) => m.body.status === 'approved')!;
    expect(call.headers['trellis-event']).toBe('asset_purchase_request_processing');
    expect(call.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(call.headers['trellis-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    // The webhook's page lists the deliveries: the approval among them, delivered with the receiver's 204.
    await page.goto('/integrations/webhooks');
    await main.getByRole('row').filter({ hasText: label }).click();
    await main.getByRole('tab', { name: 'Deliveries' }).click();
    const row = main.getByRole('row').filter({ hasText: order!.id }).first();
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('204');
  } finally {
    receiver.close();
  }
});
