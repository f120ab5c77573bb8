import { expect } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import { ok, partner, marketplaceWithHub } from './distribution-helpers.ts';
import { openTenants } from './tenants.ts';
import type { Config } from '../src/config.ts';
import type { Session, TestApp } from './helpers.ts';

export { ok } from './distribution-helpers.ts';

export const contactInfo = (email: string) => ({
  address_line1: 'Friedrichstraße 68',
  city: 'Berlin',
  state: 'Berlin',
  postal_code: '10117',
  country: 'DE',
  contact: {
    first_name: 'Nina',
    last_name: 'Wolf',
    email,
    phone_number: { country_code: '+49', area_code: '30', phone_number: '12345678' },
  },
});

export interface ProductOptions {
  name?: string;
  /** Add tier1 / tier2 ordering parameters (so purchases need tiers setup). */
  tier1?: boolean;
  tier2?: boolean;
}

/**
 * A published product of Demo Vendor for fulfillment: two reservation items and one PPU item; asset parameters
 * `admin_email` (ordering, email, required), `seats_note` (ordering, text, optional) and `activation_code`
 * (fulfillment, text, required); optionally `reseller_code` (tier1, ordering, required) and `t2_region`
 * (tier2, ordering, choice, required) with a tier1 fulfillment `t1_account` (text, required).
 */
export async function fulfillmentProduct(t: TestApp, vendor: Session, opts: ProductOptions = {}) {
  const p = await ok(t, vendor, 'POST', '/products', {
    name: opts.name ?? 'Cloud Mail Pro',
    short_description: 'Mailboxes',
  });
  const item = (payload: object) => ok(t, vendor, 'POST', `/products/${p.id}/items`, payload);
  const seat = await item({ name: 'Mailbox seat', mpn: 'MAIL-SEAT', type: 'reservation', period: 'monthly' });
  const archive = await item({ name: 'Archive add-on', mpn: 'MAIL-ARCH', type: 'reservation', period: 'monthly' });
  const usage = await item({ name: 'Storage GB', mpn: 'MAIL-GB', type: 'ppu' });
  const param = (payload: object) => ok(t, vendor, 'POST', `/products/${p.id}/parameters`, payload);
  await param({
    name: 'admin_email',
    title: 'Administrator e-mail',
    type: 'email',
    phase: 'ordering',
    scope: 'asset',
    constraints: { required: true },
  });
  await param({
    name: 'seats_note',
    title: 'Note',
    type: 'text',
    phase: 'ordering',
    scope: 'asset',
    constraints: { required: false },
  });
  await param({
    name: 'activation_code',
    title: 'Activation code',
    type: 'text',
    phase: 'fulfillment',
    scope: 'asset',
    constraints: { required: true },
  });
  if (opts.tier1) {
    await param({
      name: 'reseller_code',
      title: 'Reseller code',
      type: 'text',
      phase: 'ordering',
      scope: 'tier1',
      constraints: { required: true },
    });
    await param({
      name: 't1_account',
      title: 'T1 account',
      type: 'text',
      phase: 'fulfillment',
      scope: 'tier1',
      constraints: { required: true },
    });
  }
  if (opts.tier2) {
    await param({
      name: 't2_region',
      title: 'Region',
      type: 'choice',
      phase: 'ordering',
      scope: 'tier2',
      constraints: {
        required: true,
        choices: [
          { value: 'eu', label: 'Europe' },
          { value: 'us', label: 'Americas' },
        ],
      },
    });
  }
  await ok(t, vendor, 'POST', `/products/${p.id}/templates`, {
    name: 'Welcome',
    title: 'Welcome',
    scope: 'asset',
    type: 'fulfillment',
    body: '# Welcome\nYour code: {{ asset.params.activation_code.value }}',
  });
  await ok(t, vendor, 'POST', `/products/${p.id}/versions`, { changes_description: 'First' });
  await runDueJobs(t.db);
  const product = await ok(t, vendor, 'GET', `/products/${p.id}`);
  expect(product.status).toBe('published');
  return { product, items: { seat, archive, usage } };
}

/**
 * Everything a purchase needs: Demo Vendor and Demo Provider partners, the provider's marketplace and hub,
 * the product listed there with a production connection, and a customer under a T1 (and a T2 between them
 * when `tier2`). Returns sessions, ids and a `purchase(payload?)` that places a purchase as the provider.
 */
export async function fulfillmentWorld(opts: ProductOptions = {}, config: Partial<Config> = {}) {
  const { t, vendor, provider, other } = await openTenants(config);
  await partner(t, vendor, provider);
  const { hub, mp } = await marketplaceWithHub(t, provider, 'Fulfillment');
  const { product, items } = await fulfillmentProduct(t, vendor, opts);
  const connection = await ok(t, vendor, 'POST', `/products/${product.id}/connections`, {
    hub: { id: hub.id },
    type: 'production',
  });
  let lr = await ok(t, vendor, 'POST', '/listing-requests', {
    type: 'new',
    product_id: product.id,
    marketplace_id: mp.id,
  });
  lr = await ok(t, vendor, 'POST', `/listing-requests/${lr.id}/submit`, {});
  await ok(t, provider, 'POST', `/listing-requests/${lr.id}/deploy`, {});
  await ok(t, provider, 'POST', `/listing-requests/${lr.id}/complete`, {});
  const tier = (payload: object) => ok(t, provider, 'POST', '/tier/accounts', payload);
  const t1 = await tier({
    name: 'Northwind Resellers',
    type: 'reseller',
    external_uid: 'ext-t1',
    contact_info: contactInfo('t1@northwind.example'),
  });
  const t2 = opts.tier2
    ? await tier({
        name: 'Contoso Partners',
        type: 'reseller',
        parent: { id: t1.id },
        external_uid: 'ext-t2',
        contact_info: contactInfo('t2@contoso.example'),
      })
    : null;
  const customer = await tier({
    name: 'Fabrikam GmbH',
    type: 'customer',
    parent: { id: (t2 ?? t1).id },
    external_uid: 'ext-c1',
    contact_info: contactInfo('it@fabrikam.example'),
  });
  let n = 0;
  /** The provider's purchase body for this world; `over` replaces top-level keys. */
  const purchaseBody = (over: Record<string, unknown> = {}) => ({
    type: 'purchase',
    asset: {
      product: { id: product.id },
      connection: { id: connection.id },
      external_uid: `order-${++n}-${Date.now()}`,
      external_id: String(1000 + n),
      items: [{ id: items.seat.id, quantity: 5 }],
      params: [{ id: 'admin_email', value: 'admin@fabrikam.example' }],
      tiers: { customer: { id: customer.id }, tier1: { id: t1.id }, ...(t2 ? { tier2: { id: t2.id } } : {}) },
    },
    marketplace: { id: mp.id },
    ...over,
  });
  const purchase = (over: Record<string, unknown> = {}) => ok(t, provider, 'POST', '/requests', purchaseBody(over));
  return {
    t,
    vendor,
    provider,
    other,
    hub,
    marketplace: mp,
    product,
    items,
    connection,
    t1,
    t2,
    customer,
    purchaseBody,
    purchase,
  };
}
export type FulfillmentWorld = Awaited<ReturnType<typeof fulfillmentWorld>>;
