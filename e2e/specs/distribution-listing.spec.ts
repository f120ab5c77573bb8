import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { ListingRequestPage, ListingsPage } from '../pages/ListingsPage.ts';
import { Shell } from '../pages/Shell.ts';
import { apiAs, rqlValue, type ApiSession } from '../support/api.ts';
import { DEMO_USERS, type DemoUser } from '../support/demo.ts';

// Journey: the vendor asks to list its demo product in Demo Provider's marketplace and submits the request; the
// provider deploys and completes it; the product then shows as listed to both.
// The demo product can be listed only once per database: this is the only journey that lists it, and it first
// undoes whatever an earlier attempt (a retry, or a run against the same server) left behind.

const PRODUCT = 'Cloud Backup Pro';
const MARKETPLACE = 'Demo Provider Europe';
const PENDING = 'in(status,(draft,reviewing,deploying))';

/** Back to "not listed, nothing in progress" for the demo product in the demo marketplace, through the API. */
async function unlistDemoProduct(vendor: ApiSession, provider: ApiSession) {
  const [product] = await vendor.get('/products', `eq(name,${rqlValue(PRODUCT)})`);
  const [marketplace] = await vendor.get('/marketplaces', `eq(name,${rqlValue(MARKETPLACE)})`);
  expect(product?.id && marketplace?.id, 'the demo product and marketplace exist').toBeTruthy();
  const pair = `eq(product.id,${product.id})&eq(marketplace.id,${marketplace.id})`;
  for (const r of await vendor.get('/listing-requests', `${pair}&${PENDING}`)) {
    if (r.status === 'draft') await vendor.delete(`/listing-requests/${r.id}`);
    else await provider.post(`/listing-requests/${r.id}/cancel`);
  }
  const [listing] = await vendor.get('/listings', pair);
  if (listing?.status === 'listed') {
    const removal = await vendor.post('/listing-requests', { type: 'remove', listing_id: listing.id });
    await vendor.post(`/listing-requests/${removal.id}/submit`);
    await provider.post(`/listing-requests/${removal.id}/deploy`);
    await provider.post(`/listing-requests/${removal.id}/complete`);
  }
}

test('a vendor lists its product in a provider marketplace; the provider deploys and completes the request', async ({
  page,
  playwright,
  baseURL,
  loginAs,
}) => {
  const contexts: APIRequestContext[] = [];
  const session = async (email: string) => {
    const request = await playwright.request.newContext({ baseURL });
    contexts.push(request);
    return apiAs(request, email);
  };
  try {
    await unlistDemoProduct(await session(DEMO_USERS.vendor.email), await session(DEMO_USERS.provider.email));
  } finally {
    for (const c of contexts) await c.dispose();
  }
  // Logging in again over a live session cookie is refused (a write without its session header): start clean.
  const signInAs = async (user: DemoUser) => {
    await page.context().clearCookies();
    await loginAs(user);
  };
  const listings = new ListingsPage(page);
  const request = new ListingRequestPage(page);
  const shell = new Shell(page);

  // The vendor: a draft request for the product in the marketplace, then submitted for review.
  await signInAs(DEMO_USERS.vendor);
  await listings.openDirectory();
  const id = await listings.requestListing(PRODUCT, MARKETPLACE);
  await expect(shell.pageAlert).toHaveText(
    `Listing request ${id} was created as a draft: submit it to send it to ${DEMO_USERS.provider.account.name}.`,
  );
  await expect(request.status('Draft')).toBeVisible();
  await expect(request.action('Deploy')).toHaveCount(0);
  await request.action('Submit').click();
  await expect(shell.pageAlert).toHaveText(`Submitted: ${DEMO_USERS.provider.account.name} reviews the request.`);
  await expect(request.status('Reviewing')).toBeVisible();
  await expect(request.action('Submit')).toHaveCount(0);
  await expect(request.action('Delete')).toHaveCount(0);

  // The provider: the request is waiting in its list; it deploys, then completes it.
  await signInAs(DEMO_USERS.provider);
  await page.goto('/listings/requests');
  await listings.requests.expectLoaded();
  await listings.requests.row(id).click();
  await expect(page.getByRole('heading', { level: 1, name: id })).toBeVisible();
  await expect(request.action('Submit')).toHaveCount(0);
  await request.action('Deploy').click();
  await expect(shell.pageAlert).toHaveText(
    'Deploying: complete the request once the product is live in the marketplace.',
  );
  await expect(request.status('Deploying')).toBeVisible();
  await request.action('Complete').click();
  await expect(shell.pageAlert).toHaveText(`Completed: ${PRODUCT} in ${MARKETPLACE} is now listed.`);
  await expect(request.status('Completed')).toBeVisible();
  // no action is left (the favorite star, a button without text, stays)
  await expect(request.header.getByRole('button').filter({ hasText: /\S/ })).toHaveCount(0);

  // Listed, for both sides.
  await listings.openDirectory();
  await expect(listings.listing(PRODUCT, MARKETPLACE).getByText('Listed', { exact: true })).toBeVisible();
  await signInAs(DEMO_USERS.vendor);
  await listings.openDirectory();
  const row = listings.listing(PRODUCT, MARKETPLACE);
  await expect(row.getByText('Listed', { exact: true })).toBeVisible();
  await expect(row).toContainText(DEMO_USERS.provider.account.name);
  // The listing's own page offers the vendor the way back out.
  await row.click();
  await expect(page.getByRole('button', { name: 'Request removal' })).toBeVisible();
});
