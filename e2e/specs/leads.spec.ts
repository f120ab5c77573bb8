import { test, expect } from '../fixtures.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ResourceTable } from '../pages/ResourceTable.ts';
import { Shell } from '../pages/Shell.ts';
import { apiAs } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import { DEMO_USERS } from '../support/demo.ts';

// Journey: a visitor opens the public lead form of the demo listing (Secure Mail Suite in Demo Provider Europe) on a
// phone, without an account, and sends a lead; Demo Vendor signs in, finds it among the new leads and qualifies it.

const PRODUCT = 'Secure Mail Suite';

test('a visitor sends a lead through the public form; the vendor qualifies it', async ({ page, request }) => {
  const visitor = `E2E Visitor ${Date.now()}`;

  // The listing whose form the demo made active, as the vendor's API reads it (the visitor only has a link).
  const vendorApi = await apiAs(request, DEMO_USERS.vendor.email);
  const [listing] = await vendorApi.get<{ id: string }[]>(
    '/listings',
    `product.name=${encodeURIComponent(PRODUCT)}&status=listed`,
  );
  const listingId = listing.id;
  await vendorApi.post('/auth/logout');

  // The visitor, on a phone, signed in nowhere.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/embed/leads/${listingId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Ask about ${PRODUCT}` })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  expect((await seriousViolations(page)).map((v) => v.id)).toEqual([]);
  // the form fits the phone: nothing scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const send = page.getByRole('button', { name: 'Send' });
  await send.click();
  await expect(page.getByLabel(/^E-mail/)).toHaveAccessibleDescription('This field is required');
  await page.getByLabel(/^Name/).fill(visitor);
  await page.getByLabel(/^E-mail/).fill('visitor@e2e-leads.example');
  await page.getByLabel(/^Company/).fill('E2E Shipping Ltd');
  await page.getByLabel(/^Message/).fill('We need 20 mailboxes from next month.');
  await send.click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('on its way to Demo Vendor');

  // The vendor: the lead is among the new ones; it opens and is qualified with a note.
  await page.setViewportSize({ width: 1366, height: 800 });
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.logIn(DEMO_USERS.vendor.email);
  await expect(page.getByTestId('counter-leads')).toBeVisible();
  await page.getByTestId('counter-leads').click();
  const leads = new ResourceTable(page, 'Lead');
  await leads.expectLoaded();
  await leads.row(visitor).click();
  const header = page.getByRole('main').getByRole('heading', { level: 1, name: visitor }).locator('..');
  await expect(header.getByText('New', { exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('We need 20 mailboxes from next month.');
  await header.getByRole('button', { name: 'Qualify', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Qualify lead' });
  await dialog.getByLabel('Note').fill('Called back: 20 seats from next month.');
  await dialog.getByRole('button', { name: 'Qualify', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(new Shell(page).pageAlert).toHaveText(`${visitor} is qualified.`);
  await expect(header.getByText('Qualified', { exact: true })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Invalidate', exact: true })).toHaveCount(0);
});
