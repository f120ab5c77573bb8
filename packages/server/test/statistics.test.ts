import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCounter } from '../src/modules/dashboard/counters.ts';
import { testApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const stats = (auth: any, account: string, method: 'GET' | 'POST' = 'GET') =>
  t.call(auth, { method, url: `/public/v1/accounts/${account}/statistics` });

describe('account statistics', () => {
  it('has only the counters areas registered, counting nothing in a fresh account (no invented numbers)', async () => {
    const s = await t.login('vendor@demo.trellis');
    for (const method of ['GET', 'POST'] as const) {
      const res = await stats(s, t.demo.vendor.id, method);
      expect(res.statusCode).toBe(200);
      const zero = { count: 0, updated_at: expect.any(String) };
      expect(res.json()).toEqual({
        asset_requests: zero,
        cases: zero,
        contracts: zero,
        leads: zero,
        listing_requests: zero,
        tier_account_requests: zero,
        tier_config_requests: zero,
        usage_files: zero,
      });
    }
  });

  it("returns each registered counter the account type sees, counted for the caller's account", async () => {
    // A stand-in counter: audit records of the caller's account.
    const remove = registerCounter('cases', ['vendor'], async (db, ctx) => {
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from audit_records where account_id = ${ctx.account.id}`.execute(db);
      return Number(rows[0].n);
    });
    const removeBoth = registerCounter('transformation_requests', ['vendor', 'provider'], async () => 3);
    try {
      const vendor = await t.login('vendor@demo.trellis');
      expect(
        (
          await t.call(vendor, {
            method: 'PUT',
            url: `/public/v1/accounts/${t.demo.vendor.id}`,
            payload: { name: 'Demo Vendor 2' },
          })
        ).statusCode,
      ).toBe(200);
      const body = (await stats(vendor, t.demo.vendor.id, 'POST')).json();
      expect(Object.keys(body).sort()).toEqual([
        'asset_requests',
        'cases',
        'contracts',
        'leads',
        'listing_requests',
        'tier_account_requests',
        'tier_config_requests',
        'transformation_requests',
        'usage_files',
      ]);
      expect(body.cases.count).toBeGreaterThanOrEqual(1);
      expect(body.transformation_requests.count).toBe(3);
      expect(Date.now() - Date.parse(body.cases.updated_at)).toBeLessThan(60_000);

      const provider = await t.login('provider@demo.trellis');
      expect(Object.keys((await stats(provider, t.demo.provider.id)).json()).sort()).toEqual([
        'asset_requests',
        'contracts',
        'listing_requests',
        'tier_config_requests',
        'transformation_requests',
        'usage_files',
      ]);
      // Another vendor counts its own objects.
      const other = await t.login('other@demo.trellis');
      expect((await stats(other, t.demo.other.id)).json().cases.count).toBe(0);
    } finally {
      remove();
      removeBoth();
    }
  });

  it("are only the own account's: another account is a 404, anonymous a 401", async () => {
    const vendor = await t.login('vendor@demo.trellis');
    expect((await stats(vendor, t.demo.other.id)).statusCode).toBe(404);
    expect((await stats(vendor, t.demo.other.id, 'POST')).statusCode).toBe(404);
    // A user of two accounts reads the one it works in.
    const multi = await t.login('multi@demo.trellis');
    const current = multi.body.account.id;
    const elsewhere = current === t.demo.vendor.id ? t.demo.provider.id : t.demo.vendor.id;
    expect((await stats(multi, current)).statusCode).toBe(200);
    expect((await stats(multi, elsewhere)).statusCode).toBe(404);
    expect((await stats(null, t.demo.vendor.id)).statusCode).toBe(401);
  });
});
