import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { startServer, type Running } from '../src/server.ts';

// The demo data of distribution: partners, a marketplace with countries and a hub, a production connection.
let s: Running;
beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return; // the seed path is the same on PostgreSQL; PGlite keeps this file quick
  s = await startServer(testConfig(), { demo: true });
  await s.app.ready();
});
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
  return async (url: string) => (await s.app.inject({ method: 'GET', url: `/public/v1${url}`, headers })).json();
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('demo distribution data', () => {
  it('has a marketplace with countries and a hub, and the demo products connected for production', async () => {
    const provider = await as('provider@demo.trellis');
    const [mp] = await provider('/marketplaces');
    expect(mp).toMatchObject({ name: 'Demo Provider Europe', currency: 'EUR' });
    expect(mp.countries.map((c: any) => c.id)).toEqual(['DE', 'AT', 'CH', 'FR']);
    const [hub] = await provider('/hubs');
    // Secure Mail Suite is connected and listed too (demo-fulfillment.ts: its subscriptions need a listing)
    expect(hub.stats).toEqual({ connections: 2, marketplaces: 1 });
    const conn = (await provider(`/hubs/${hub.id}/connections`)).find(
      (c: any) => c.product.name === 'Cloud Backup Pro',
    );
    expect(conn).toMatchObject({ type: 'production', status: 'active', product: { name: 'Cloud Backup Pro' } });
    // the connection lets the provider read the product; Cloud Backup Pro waits in review for the provider to list it
    expect((await provider('/products')).map((p: any) => p.name).sort()).toEqual([
      'Cloud Backup Pro',
      'Secure Mail Suite',
    ]);
    expect((await provider('/listings?ordering(product.name)')).map((l: any) => [l.product.name, l.status])).toEqual([
      ['Cloud Backup Pro', 'unlisted'],
      ['Secure Mail Suite', 'listed'],
    ]);
    const reviewing = await provider('/listing-requests?eq(status,reviewing)');
    expect(reviewing.map((r: any) => r.product.name)).toEqual(['Cloud Backup Pro']);
    const stats = await provider(`/accounts/${mp.owner.id}/statistics`);
    expect(stats.listing_requests.count).toBe(1);
    const vendor = await as('vendor@demo.trellis');
    expect((await vendor('/partners')).map((p: any) => [p.name, p.status])).toEqual([['Demo Provider', 'active']]);
    expect((await vendor('/marketplaces')).map((m: any) => m.id)).toEqual([mp.id]);
    const other = await as('other@demo.trellis');
    expect(await other('/marketplaces')).toEqual([]);
    expect(await other('/hubs')).toEqual([]);
  });
});
