import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { startServer, type Running } from '../src/server.ts';

// The demo seed gives Demo Provider a T1 reseller and a few customers (one with an earlier version).
let s: Running;
beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return;
  s = await startServer(testConfig(), { demo: true });
  await s.app.ready();
});
afterAll(async () => {
  await s?.app.close();
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('demo tier accounts', () => {
  it('shows Demo Provider its customers and reseller, and nobody else', async () => {
    const as = async (email: string) => {
      const login = await s.app.inject({
        method: 'POST',
        url: '/public/v1/auth/login',
        payload: { email, password: 'Trellis-demo-1' },
      });
      const headers = { cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
      return async (url: string) => (await s.app.inject({ method: 'GET', url: `/public/v1${url}`, headers })).json();
    };
    const get = await as('provider@demo.trellis');
    const all = await get('/tier/accounts');
    expect(all.map((a: any) => [a.name, a.scopes[0]])).toEqual([
      ['Alpine IT Partners', 'tier1'],
      ['Bergmann Logistik GmbH', 'customer'],
      ['Danube Cloud Partners', 'tier1'],
      ['Harbor Street Bakery', 'customer'],
      ['Lakeside Dental Clinic', 'customer'],
      ['Wiener Druckhaus', 'customer'],
    ]);
    const customers = await get('/tier/accounts?eq(scopes,customer)');
    expect(customers).toHaveLength(4);
    const bakery = customers.find((a: any) => a.name === 'Harbor Street Bakery');
    expect(bakery).toMatchObject({ version: 2, db: 'US', contact_info: { address_line1: '250 Atlantic Avenue' } });
    expect((await get(`/tier/accounts/${bakery.id}/versions/1`)).contact_info.address_line1).toBe('118 Harbor Street');
    // Demo Vendor reads those of its subscriptions (demo-fulfillment.ts); the other vendor none
    expect((await (await as('vendor@demo.trellis'))('/tier/accounts')).length).toBe(all.length);
    expect(await (await as('other@demo.trellis'))('/tier/accounts')).toEqual([]);
  });
});
