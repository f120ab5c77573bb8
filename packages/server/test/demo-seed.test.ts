import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { DEMO_DOMAIN, DEMO_IDP } from '../src/db/seed/demo-domains.ts';
import { startServer, type Running } from '../src/server.ts';

// What `npm start` shows a newcomer: a published product with items, parameters and a translation.
let s: Running;
beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return; // the seed path is the same on PostgreSQL; PGlite keeps this file quick
  s = await startServer(testConfig(), { demo: true });
  await s.app.ready();
  // the whole demo, made through the API: about 40 s alone, more beside the other suites
}, 180_000);
afterAll(async () => {
  await s?.app.close();
});

/** A demo user's GET calls, logged in with the demo password. */
async function as(email: string) {
  const login = await s.app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { email, password: 'Trellis-demo-1' },
  });
  const headers = { cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
  const get = async (url: string) => (await s.app.inject({ method: 'GET', url: `/public/v1${url}`, headers })).json();
  return { id: login.json().account.id as string, get };
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('demo data', () => {
  it('seeds a published product with a version, items of both kinds, parameters and a German translation', async () => {
    const { get } = await as('vendor@demo.trellis');
    const product = (await get('/products')).find((p: any) => p.name === 'Cloud Backup Pro');
    expect(product).toMatchObject({ name: 'Cloud Backup Pro', status: 'published', version: 1 });
    const items = await get(`/products/${product.id}/items`);
    expect(new Set(items.map((i: any) => i.type))).toEqual(new Set(['reservation', 'ppu']));
    expect(items.every((i: any) => i.status === 'published')).toBe(true);
    const params = await get(`/products/${product.id}/parameters`);
    expect(params.length).toBeGreaterThanOrEqual(4);
    const translations = await get('/localization/translations');
    expect(translations.map((t: any) => [t.locale.id, t.status]).sort()).toEqual([
      ['DE', 'active'],
      ['EN', 'active'],
    ]);
    // the provider and the other vendor see none of it until it is listed
    const other = await s.app.inject({
      method: 'POST',
      url: '/public/v1/auth/login',
      payload: { email: 'other@demo.trellis', password: 'Trellis-demo-1' },
    });
    const others = await s.app.inject({
      method: 'GET',
      url: '/public/v1/products',
      headers: { cookie: other.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(others.json()).toEqual([]);
  });

  it('gives Demo Provider an OpenID Connect IdP linked to its verified domain (not enforced) and a sign-in button', async () => {
    const { get } = await as('provider@demo.trellis');
    const idps = await get('/idps');
    expect(idps).toEqual([
      expect.objectContaining({
        name: DEMO_IDP.name,
        type: 'openid',
        settings: { openid: { issuer: DEMO_IDP.issuer, client_id: DEMO_IDP.clientId, scopes: 'openid email profile' } },
      }),
    ]);
    const domains = await get(`/domains?eq(domain,${DEMO_DOMAIN})`);
    expect(domains[0].auth).toEqual({ idp: { id: idps[0].id, name: DEMO_IDP.name, type: 'openid' }, enforce: false });
    expect(await get('/sso/services')).toEqual([expect.objectContaining({ name: DEMO_IDP.name, status: 'active' })]);
    const check = await s.app.inject({
      method: 'POST',
      url: '/public/v1/auth/user/check',
      payload: { email: `someone@${DEMO_DOMAIN}` },
    });
    expect(check.json()).toMatchObject({ idp: { id: idps[0].id }, mode: 'sso' });
  });

  it('reports usage in every status a user meets, counted on both dashboards', async () => {
    const vendor = await as('vendor@demo.trellis');
    const files = await vendor.get('/usage/files?ordering(period.from)');
    expect(files.map((f: any) => [f.name, f.status])).toEqual([
      ['Storage August 2026', 'closed'],
      ['Storage September 2026', 'accepted'],
      ['Storage October 2026', 'pending'],
      ['Storage November 2026', 'invalid'],
      ['Storage December 2026', 'draft'],
    ]);
    // one mistake per bad row, each named
    expect(files[3].errors.map((e: any) => [e.row, e.messages.length])).toEqual([
      [4, 1],
      [5, 1],
      [6, 1],
      [7, 1],
    ]);
    const [recon] = await vendor.get(`/usage/reconciliations?usagefile.id=${files[1].id}`);
    expect(recon).toMatchObject({ status: 'processed', results: { mismatched: 1, unknown: 0, missing: 0 } });
    expect((await vendor.get(`/accounts/${vendor.id}/statistics`)).usage_files.count).toBe(4);
    const provider = await as('provider@demo.trellis');
    expect((await provider.get(`/accounts/${provider.id}/statistics`)).usage_files.count).toBe(2);
    expect((await provider.get('/usage/files')).map((f: any) => f.status).sort()).toEqual([
      'accepted',
      'closed',
      'pending',
    ]);
  });

  it("shows Demo Vendor Demo Provider's published news, newest first, and a stranger none", async () => {
    const get = async (email: string, url: string) => {
      const login = await s.app.inject({
        method: 'POST',
        url: '/public/v1/auth/login',
        payload: { email, password: 'Trellis-demo-1' },
      });
      const headers = { cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
      return (await s.app.inject({ method: 'GET', url: `/public/v1${url}`, headers })).json();
    };
    const news = await get('vendor@demo.trellis', '/news?eq(creator.name,Demo%20Provider)');
    expect(news.map((p: any) => [p.title, p.status, p.version])).toEqual([
      ['Partner onboarding moves to the new portal', 'published', 1],
      ['Price review in Demo Provider Europe', 'published', 2],
    ]);
    expect(await get('provider@demo.trellis', '/news?status=draft')).toHaveLength(1);
    expect(await get('other@demo.trellis', '/news')).toEqual([]);
  });

  it('opens helpdesk cases both ways, so each side has cases waiting for it, and a stranger sees none', async () => {
    const vendor = await as('vendor@demo.trellis');
    const cases = await vendor.get('/helpdesk/cases?ordering(events.created.at)');
    expect(cases.map((c: any) => [c.issuer.account.name, c.state])).toEqual([
      ['Demo Provider', 'pending'],
      ['Demo Vendor', 'pending'],
      ['Demo Provider', 'resolved'],
      ['Demo Provider', 'closed'],
    ]);
    expect(cases[0].product).toMatchObject({ name: 'Secure Mail Suite' });
    expect((await vendor.get(`/accounts/${vendor.id}/statistics`)).cases.count).toBe(1);
    const provider = await as('provider@demo.trellis');
    expect((await provider.get(`/accounts/${provider.id}/statistics`)).cases.count).toBe(2);
    expect(await (await as('other@demo.trellis')).get('/helpdesk/cases')).toEqual([]);
  });

  it("keeps Demo Vendor's service levels, with waiting requests in every zone", async () => {
    const { get } = await as('vendor@demo.trellis');
    const slas = await get('/sla');
    expect(slas.filter((x: any) => x.active).map((x: any) => x.entity_type)).toEqual(['case', 'subscription_request']);
    const zones = new Set((await get('/requests?ge(sli.zone,0)')).map((r: any) => r.sli.zone));
    expect([...zones].sort()).toEqual([0, 1, 2]);
    expect((await get('/sli')).length).toBeGreaterThanOrEqual(3);
  });
});
