import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { startServer, type Running } from '../src/server.ts';

// The demo subscriptions: a listed second product, a subscription in every status, requests waiting on each side,
// and dashboard counters that show the newcomer where to start.
let s: Running;
beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return; // the seed path is the same on PostgreSQL; PGlite keeps this file quick
  s = await startServer(testConfig(), { demo: true });
  await s.app.ready();
}, 120_000);
afterAll(async () => {
  await s?.app.close();
});

async function as(email: string) {
  const login = await s.app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { email, password: 'Trellis-demo-1' },
  });
  const headers = { cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
  const accountId: string = login.json().account.id;
  const get = async (url: string) => {
    const res = await s.app.inject({ method: 'GET', url: `/public/v1${url}`, headers });
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  return { get, counters: async () => get(`/accounts/${accountId}/statistics`) };
}

const pairs = (list: any[], ...keys: string[]) =>
  list.map((o) => keys.map((k) => k.split('.').reduce((x, p) => x?.[p], o)).join(' '));

describe.skipIf(!!process.env.TEST_DATABASE_URL)('demo fulfillment data', () => {
  it('lists Secure Mail Suite in the demo marketplace; Cloud Backup Pro waits in review', async () => {
    const provider = await as('provider@demo.trellis');
    const listings = await provider.get('/listings?ordering(product.name)');
    expect(pairs(listings, 'product.name', 'marketplace.name', 'status')).toEqual([
      'Cloud Backup Pro Demo Provider Europe unlisted',
      'Secure Mail Suite Demo Provider Europe listed',
    ]);
    const [product] = await provider.get('/products?eq(name,Secure%20Mail%20Suite)');
    expect(product).toMatchObject({ status: 'published', version: 1 });
    const params = await provider.get(`/products/${product.id}/parameters`);
    expect(pairs(params, 'name', 'scope', 'phase').sort()).toEqual([
      'admin_email asset ordering',
      'mail_domain asset ordering',
      'partner_portal_id tier1 fulfillment',
      'reseller_agreement tier1 ordering',
      'tenant_id asset fulfillment',
    ]);
  });

  it('has a subscription in every status and requests in every queue, seen alike by vendor and provider', async () => {
    const vendor = await as('vendor@demo.trellis');
    const provider = await as('provider@demo.trellis');
    const assets = await vendor.get('/assets?limit=100');
    expect(new Set(assets.map((a: any) => a.status))).toEqual(
      new Set(['draft', 'processing', 'active', 'terminating', 'suspended', 'terminated']),
    );
    expect(assets.every((a: any) => a.product.name === 'Secure Mail Suite')).toBe(true);
    expect((await provider.get('/assets?limit=100')).map((a: any) => a.id).sort()).toEqual(
      assets.map((a: any) => a.id).sort(),
    );

    const requests = await vendor.get('/requests?limit=100');
    const statuses = new Set(pairs(requests, 'type', 'status'));
    for (const s of [
      'purchase draft',
      'purchase pending',
      'purchase inquiring',
      'purchase tiers_setup',
      'purchase approved',
      'purchase failed',
      'change approved',
      'suspend approved',
      'resume scheduled',
      'cancel pending',
    ])
      expect(statuses).toContain(s);
    const change = requests.find((r: any) => r.type === 'change');
    expect(change.asset.items.map((i: any) => [i.old_quantity, i.quantity])).toEqual([
      ['5', '8'],
      ['3', '4'],
    ]);
    const inquiring = requests.find((r: any) => r.status === 'inquiring');
    expect(inquiring.asset.params.find((p: any) => p.id === 'admin_email').value_error).not.toBe('');
    // the activation text shows the subscription's own values
    const active = assets.find((a: any) => a.status === 'active');
    const approved = requests.find(
      (r: any) => r.type === 'purchase' && r.status === 'approved' && r.asset.id === active.id,
    );
    expect(approved.activation_key).toContain('smt-harbor-01');

    // the order waiting for tiers setup links to its reseller's pending tier config request
    const setup = requests.find((r: any) => r.status === 'tiers_setup');
    expect(setup.asset.tiers.tier1.name).toBe('Danube Cloud Partners');
    const [tcr] = await vendor.get(`/tier/config-requests?asset_request.id=${setup.id}`);
    expect(tcr).toMatchObject({ type: 'setup', status: 'pending' });
    const configs = await vendor.get('/tier/configs');
    expect(pairs(configs, 'account.name', 'status').sort()).toEqual([
      'Alpine IT Partners active',
      'Danube Cloud Partners processing',
    ]);

    const tars = await vendor.get('/tier/account-requests');
    expect(pairs(tars, 'account.name', 'product.name', 'status')).toEqual([
      'Lakeside Dental Clinic Secure Mail Suite pending',
    ]);
  });

  it('gives both sides non-zero dashboard counters, and the other vendor nothing', async () => {
    const vendor = await (await as('vendor@demo.trellis')).counters();
    for (const name of ['asset_requests', 'tier_config_requests', 'tier_account_requests'])
      expect(vendor[name].count, name).toBeGreaterThan(0);
    const provider = await (await as('provider@demo.trellis')).counters();
    for (const name of ['asset_requests', 'tier_config_requests'])
      expect(provider[name].count, name).toBeGreaterThan(0);
    const other = await as('other@demo.trellis');
    expect(await other.get('/assets')).toEqual([]);
    expect((await other.counters()).asset_requests.count).toBe(0);
  });
});
