import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, loginViaApi } from '../fixtures.ts';
import { FulfillmentPurchase } from '../pages/FulfillmentPurchase.ts';
import { FulfillmentRequestPage } from '../pages/FulfillmentRequestPage.ts';
import { FulfillmentSubscriptionPage } from '../pages/FulfillmentSubscriptionPage.ts';
import { apiAs, rqlValue, type ApiSession } from '../support/api.ts';
import { DEMO_USERS } from '../support/demo.ts';

// Journey: the provider orders a product that needs its reseller's (T1) parameters for a customer under a new T1; the
// vendor and the provider set up the T1 configuration, the vendor inquires about a parameter, the provider fixes it,
// the vendor approves with the activation template; then the subscription's quantities change and it is cancelled.
// What is not the journey (the product, its listing, the customer and its reseller) is made through the API, with
// names unique to the run.

const HUB = 'Demo Provider EU hub';
const MARKETPLACE = 'Demo Provider Europe';
const VENDOR = DEMO_USERS.vendor.account.name;

/** A published product of Demo Vendor with subscription and T1 parameters, connected to the demo hub and listed. */
async function listedProduct(vendor: ApiSession, provider: ApiSession, name: string) {
  const product = await vendor.post('/products', { name, short_description: 'Team mailboxes (e2e)' });
  const p = `/products/${product.id}`;
  await vendor.post(`${p}/items`, {
    name: 'Mailbox seat',
    mpn: 'TM-SEAT',
    type: 'reservation',
    period: 'monthly',
    unit: { id: 'mailboxes' },
  });
  const param = (body: object) => vendor.post(`${p}/parameters`, body);
  await param({
    name: 'admin_email',
    title: 'Administrator e-mail',
    type: 'email',
    phase: 'ordering',
    scope: 'asset',
    constraints: { required: true },
  });
  await param({
    name: 'tenant_id',
    title: 'Mail tenant id',
    type: 'text',
    phase: 'fulfillment',
    scope: 'asset',
    constraints: { required: true },
  });
  await param({
    name: 'reseller_agreement',
    title: 'Reseller agreement number',
    type: 'text',
    phase: 'ordering',
    scope: 'tier1',
    constraints: { required: true },
  });
  await param({
    name: 'partner_portal_id',
    title: 'Partner portal id',
    type: 'text',
    phase: 'fulfillment',
    scope: 'tier1',
    constraints: { required: true },
  });
  await vendor.post(`${p}/templates`, {
    name: 'Activation',
    scope: 'asset',
    type: 'fulfillment',
    body: 'Your mail tenant **{{ asset.params.tenant_id.value }}** is ready; sign in with {{ asset.params.admin_email.value }}.',
  });
  await vendor.post(`${p}/versions`, { changes_description: 'First release' });
  // The version is built in the background; building it publishes the product.
  await expect.poll(async () => (await vendor.get(p)).status, { timeout: 30_000 }).toBe('published');

  const [hub] = await vendor.get('/hubs', `eq(name,${rqlValue(HUB)})`);
  const [marketplace] = await vendor.get('/marketplaces', `eq(name,${rqlValue(MARKETPLACE)})`);
  expect(hub?.id && marketplace?.id, 'the demo hub and marketplace exist').toBeTruthy();
  await vendor.post(`${p}/connections`, { hub: { id: hub.id }, type: 'production' });
  const listing = await vendor.post('/listing-requests', {
    type: 'new',
    product_id: product.id,
    marketplace_id: marketplace.id,
  });
  await vendor.post(`/listing-requests/${listing.id}/submit`);
  await provider.post(`/listing-requests/${listing.id}/deploy`);
  await provider.post(`/listing-requests/${listing.id}/complete`);
  return product;
}

/** A new T1 reseller of Demo Provider with one customer under it. */
async function customerUnderNewT1(provider: ApiSession, stamp: string) {
  const contact_info = (email: string) => ({
    address_line1: 'Alte Gasse 3',
    city: 'Graz',
    state: 'Steiermark',
    postal_code: '8010',
    country: 'AT',
    contact: {
      first_name: 'Eva',
      last_name: 'Berger',
      email,
      phone_number: { country_code: '+43', area_code: '316', phone_number: '123456' },
    },
  });
  const t1 = await provider.post('/tier/accounts', {
    name: `Styria Resellers ${stamp}`,
    type: 'reseller',
    external_uid: `e2e-t1-${stamp}`,
    contact_info: contact_info('t1@styria.example'),
  });
  const customer = await provider.post('/tier/accounts', {
    name: `Grazer Buchhandlung ${stamp}`,
    type: 'customer',
    parent: { id: t1.id },
    external_uid: `e2e-c-${stamp}`,
    contact_info: contact_info('it@buchhandlung.example'),
  });
  return { t1, customer };
}

test('a purchase through a new reseller: tier setup, inquiry, approval, a change and a cancellation', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now());
  const productName = `Team Mail ${stamp}`;
  const contexts: APIRequestContext[] = [];
  let setup: { t1: { name: string }; customer: { name: string } };
  try {
    const session = async (email: string) => {
      const request = await playwright.request.newContext({ baseURL });
      contexts.push(request);
      return apiAs(request, email);
    };
    const vendorApi = await session(DEMO_USERS.vendor.email);
    const providerApi = await session(DEMO_USERS.provider.email);
    await listedProduct(vendorApi, providerApi, productName);
    setup = await customerUnderNewT1(providerApi, stamp);
  } finally {
    for (const c of contexts) await c.dispose();
  }
  const { t1, customer } = setup;

  // The provider works in `page`, the vendor in a browser of its own: both stay signed in.
  await loginViaApi(page, DEMO_USERS.provider);
  const vendorContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const vendorPage: Page = await vendorContext.newPage();
  await loginViaApi(vendorPage, DEMO_USERS.vendor);
  try {
    const asProvider = FulfillmentRequestPage.request(page);
    const asVendor = FulfillmentRequestPage.request(vendorPage);
    const providerTcr = FulfillmentRequestPage.tierConfigRequest(page);
    const vendorTcr = FulfillmentRequestPage.tierConfigRequest(vendorPage);

    // The provider orders: product (connection and marketplace follow), customer, items, ordering parameters.
    const requestId = await new FulfillmentPurchase(page).place({
      product: productName,
      customer: customer.name,
      quantities: { 'Mailbox seat': '5' },
      params: { 'Administrator e-mail': 'orders@buchhandlung.example' },
    });
    await expect(asProvider.message(`Purchase ${requestId} was placed: ${VENDOR} fulfils it.`)).toBeVisible();
    await expect(asProvider.status('Tiers setup')).toBeVisible();
    const assetId = requestId.replace(/^PR-/, 'AS-').replace(/-\d{3}$/, '');

    // The vendor finds it waiting for the T1 setup, with the way to the tier config request.
    await asVendor.open(requestId);
    await expect(asVendor.status('Tiers setup')).toBeVisible();
    const banner = asVendor.main.getByText(/^Waiting for the tier setup/);
    await expect(banner).toContainText(`the T1 configuration of ${t1.name}`);
    const link = banner.getByRole('link', { name: /^TCR-/ });
    const tcrId = (await link.innerText()).trim();
    await link.click();
    await expect(vendorTcr.main.getByRole('heading', { level: 1, name: tcrId })).toBeVisible();
    await expect(vendorTcr.status('Pending')).toBeVisible();

    // The provider fills the reseller's ordering parameter; the vendor its fulfillment one, and approves.
    await providerTcr.open(tcrId, 'parameters');
    await providerTcr.param('Reseller agreement number').fill(`RA-${stamp}`);
    await providerTcr.saveParams();
    await vendorTcr.open(tcrId, 'parameters');
    await expect(vendorTcr.param('Reseller agreement number')).toHaveValue(`RA-${stamp}`);
    await vendorTcr.param('Partner portal id').fill('PP-STYRIA');
    await vendorTcr.saveParams();
    await vendorTcr.action('Approve').click();
    await vendorTcr.dialog('Approve request').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(
      vendorTcr.message(`Approved: the T1 configuration of ${t1.name} for ${productName} is active with these values.`),
    ).toBeVisible();
    await expect(vendorTcr.status('Approved')).toBeVisible();

    // The fulfillment request is pending now: the vendor marks the e-mail invalid and inquires.
    await asVendor.open(requestId, 'parameters-customer');
    await expect(asVendor.status('Pending')).toBeVisible();
    const question = 'Use a mailbox of the new mail domain.';
    await asVendor.markInvalid('Administrator e-mail').fill(question);
    await asVendor.saveParams();
    await asVendor.action('Inquire').click();
    const inquire = asVendor.dialog('Inquire');
    await expect(inquire).toContainText(`Administrator e-mail: ${question}`);
    await inquire.getByRole('button', { name: 'Inquire', exact: true }).click();
    await expect(asVendor.message('Inquiring: the provider is asked to fix the marked parameters.')).toBeVisible();
    await expect(asVendor.status('Inquiring')).toBeVisible();

    // The provider sees the question on the field, fixes the value and sends the request back.
    await asProvider.open(requestId, 'parameters-customer');
    await expect(asProvider.status('Inquiring')).toBeVisible();
    await expect(asProvider.param('Administrator e-mail')).toHaveAccessibleDescription(question);
    await asProvider.param('Administrator e-mail').fill('postmaster@buchhandlung.example');
    await asProvider.saveParams();
    await asProvider.action('Send to pending').click();
    await expect(asProvider.message('The request is pending again.')).toBeVisible();
    await expect(asProvider.status('Pending')).toBeVisible();

    // The vendor fills the tenant id and approves with the activation template (previewed with this request's data).
    await asVendor.open(requestId, 'parameters-customer');
    await expect(asVendor.param('Administrator e-mail')).toHaveValue('postmaster@buchhandlung.example');
    await asVendor.param('Mail tenant id').fill(`tenant-${stamp}`);
    await asVendor.saveParams();
    await asVendor.action('Approve').click();
    const approve = asVendor.dialog('Approve request');
    await expect(approve.getByRole('document', { name: 'Template preview' })).toContainText(`tenant-${stamp}`);
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(asVendor.message('Approved: the activation text is on the Activation tab.')).toBeVisible();
    await expect(asVendor.status('Approved')).toBeVisible();
    await asVendor.openTab('Activation');
    await expect(asVendor.main.getByRole('document', { name: 'Activation' })).toContainText(
      `Your mail tenant tenant-${stamp} is ready; sign in with postmaster@buchhandlung.example.`,
    );

    // The subscription is active; the provider asks for more seats and the vendor approves the change.
    await asVendor.openTab('Details');
    await asVendor.main.getByRole('link', { name: assetId, exact: true }).click();
    const subscription = new FulfillmentSubscriptionPage(vendorPage);
    await expect(subscription.status('Active')).toBeVisible();
    const providerSubscription = new FulfillmentSubscriptionPage(page);
    await providerSubscription.open(assetId);
    await expect(providerSubscription.status('Active')).toBeVisible();
    const changeId = await providerSubscription.requestChange({ 'Mailbox seat': '8' });
    await expect(asProvider.message(`The change was requested: ${changeId}.`)).toBeVisible();
    await expect(asProvider.status('Pending')).toBeVisible();
    await asVendor.open(changeId);
    await asVendor.action('Approve').click();
    await asVendor.dialog('Approve request').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(asVendor.status('Approved')).toBeVisible();
    await providerSubscription.open(assetId);
    await providerSubscription.openTab('Items');
    await expect(providerSubscription.quantity('Mailbox seat')).toHaveText('8');

    // The provider cancels: the subscription is terminating until the vendor approves, then terminated.
    const cancelId = await providerSubscription.requestCancel();
    await expect(asProvider.message(`Cancellation was requested: ${cancelId}.`)).toBeVisible();
    await expect(asProvider.status('Pending')).toBeVisible();
    await providerSubscription.open(assetId);
    await expect(providerSubscription.status('Terminating')).toBeVisible();
    await asVendor.open(cancelId);
    await asVendor.action('Approve').click();
    await asVendor.dialog('Approve request').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(asVendor.status('Approved')).toBeVisible();
    await providerSubscription.open(assetId);
    await expect(providerSubscription.status('Terminated')).toBeVisible();
    await expect(providerSubscription.action('Cancel')).toHaveCount(0);
  } finally {
    await vendorContext.close();
  }
});
