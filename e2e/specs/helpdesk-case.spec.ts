import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { apiAs } from '../support/api.ts';
import { DEMO_USERS, type DemoUser } from '../support/demo.ts';

// Journey: Demo Provider asks Demo Vendor for help about Secure Mail Suite; the vendor asks for information; the
// provider answers in the case's conversation, with a file attached; the vendor resolves it, and with the vendor's auto-close timeout set
// to 0 days the case closes itself, which the provider sees. Then a message on a fulfillment request reaches the
// other side.

const ttlOf = async (
  request: APIRequestContext,
  vendorSession: { accountId: string; sessionId: string },
  ttl: number,
) => {
  const res = await request.put(`/public/v1/modules/helpdesk/accounts/${vendorSession.accountId}/settings`, {
    data: { ttl },
    headers: { 'x-session-id': vendorSession.sessionId },
  });
  expect(res.ok(), await res.text()).toBe(true);
};

const thread = (page: Page) => page.getByRole('region', { name: /Conversation/ });
const messages = (page: Page) => thread(page).getByRole('list', { name: 'Messages' });

test('a provider raises a case, the vendor inquires and resolves, it closes itself; a request message crosses over', async ({
  page,
  playwright,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const subject = `E2E mailboxes not created ${stamp}`;
  const request = await playwright.request.newContext({ baseURL });
  const vendorApi = await apiAs(request, DEMO_USERS.vendor.email);
  await ttlOf(request, vendorApi, 0);
  const signInAs = async (user: DemoUser) => {
    await page.context().clearCookies();
    await loginAs(user);
  };
  try {
    // The provider: a new case to Demo Vendor about Secure Mail Suite.
    await signInAs(DEMO_USERS.provider);
    await page.goto('/helpdesk');
    await page.getByRole('button', { name: 'New case' }).click();
    const dialog = page.getByRole('dialog', { name: 'New case' });
    await dialog.getByRole('combobox', { name: /Receiver/ }).click();
    await page.getByRole('option', { name: /^Demo Vendor \(/ }).click();
    await dialog.getByRole('textbox', { name: /Subject/ }).fill(subject);
    await dialog.getByRole('textbox', { name: /Description/ }).fill('Two customers have **no mailboxes** yet.');
    await dialog.getByRole('button', { name: 'Create case' }).click();
    await page.waitForURL(/\/helpdesk\/cases\/CA-[\d-]+$/);
    const caseUrl = new URL(page.url()).pathname;
    await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();

    // The vendor: finds it waiting, asks for information.
    await signInAs(DEMO_USERS.vendor);
    await page.goto('/helpdesk');
    await page.getByRole('link', { name: subject }).or(page.getByText(subject)).first().click();
    await page.waitForURL(caseUrl);
    await page.getByRole('button', { name: 'Ask for information' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ask for information' }).click();
    await expect(page.getByText('Inquiring', { exact: true }).first()).toBeVisible();
    await thread(page)
      .getByRole('textbox', { name: /Message/ })
      .fill('Which customers, please?');
    await thread(page).getByRole('button', { name: 'Send' }).click();
    await expect(messages(page).getByText('Which customers, please?')).toBeVisible();

    // The provider: answers in the thread, and hands the case back.
    await signInAs(DEMO_USERS.provider);
    await page.goto(caseUrl);
    await expect(messages(page).getByText('Which customers, please?')).toBeVisible();
    await thread(page)
      .getByRole('textbox', { name: /Message/ })
      .fill('Acme Ltd and Globex.');
    await thread(page).getByRole('button', { name: 'Send' }).click();
    await expect(messages(page).getByText('Acme Ltd and Globex.')).toBeVisible();
    // with the customers' list attached
    const attachments = page.getByRole('region', { name: 'Attachments' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      attachments.getByRole('button', { name: 'Attach file' }).click(),
    ]);
    await chooser.setFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name\nAcme Ltd\nGlobex\n'),
    });
    await expect(attachments.getByRole('link', { name: 'customers.csv' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to pending' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Back to pending' }).click();
    await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();

    // The vendor resolves it; with a timeout of 0 days the job closes it at once.
    await signInAs(DEMO_USERS.vendor);
    await page.goto(caseUrl);
    await expect(messages(page).getByText('Acme Ltd and Globex.')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Attachments' }).getByRole('link', { name: 'customers.csv' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();

    await signInAs(DEMO_USERS.provider);
    await expect(async () => {
      await page.goto(caseUrl);
      await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // A fulfillment request's conversation: the provider writes, the vendor reads it.
    // (a context of its own: one context keeps one session cookie)
    const providerRequest = await playwright.request.newContext({ baseURL });
    const providerApi = await apiAs(providerRequest, DEMO_USERS.provider.email);
    const [fulfillment] = await providerApi.get<{ id: string }[]>('/requests', 'ordering(-created)&limit=1');
    await providerRequest.dispose();
    const note = `E2E question on the request ${stamp}`;
    await page.goto(`/subscriptions/fulfillment/${fulfillment.id}/conversation`);
    await thread(page)
      .getByRole('textbox', { name: /Message/ })
      .fill(note);
    await thread(page).getByRole('button', { name: 'Send' }).click();
    await expect(messages(page).getByText(note)).toBeVisible();
    await signInAs(DEMO_USERS.vendor);
    await page.goto(`/subscriptions/fulfillment/${fulfillment.id}/conversation`);
    await expect(messages(page).getByText(note)).toBeVisible();
  } finally {
    await ttlOf(request, vendorApi, 7);
    await request.dispose();
  }
});
