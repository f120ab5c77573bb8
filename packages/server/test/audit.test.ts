import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../src/http/context.ts';
import { createToken } from '../src/modules/identity/tokens/service.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
let vendor: Session;
beforeAll(async () => {
  t = await testApp();
  vendor = await t.login('vendor@demo.trellis');
  const put = (name: string) =>
    t.call(vendor, { method: 'PUT', url: `/public/v1/accounts/${t.demo.vendor.id}`, payload: { name } });
  expect((await put('Demo Vendor One')).statusCode).toBe(200);
  expect((await put('Demo Vendor Two')).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const list = (auth: Session | string, query: string) =>
  t.call(auth, { method: 'GET', url: `/public/v1/audit/records?${query}` });

describe('audit records', () => {
  it('record who changed what and when, newest first', async () => {
    const res = await list(vendor, `eq(object.id,${t.demo.vendor.id})&eq(action,update)`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-1/2');
    const [latest, first] = res.json();
    expect(latest).toMatchObject({
      action: 'update',
      object: { id: t.demo.vendor.id, type: 'account' },
      actor: { id: t.demo.users['vendor@demo.trellis'].id, name: 'Vera Vendor', type: 'user' },
      account: { id: t.demo.vendor.id },
      changes: { name: { before: 'Demo Vendor One', after: 'Demo Vendor Two' } },
    });
    expect(first.changes).toEqual({ name: { before: 'Demo Vendor', after: 'Demo Vendor One' } });
    expect(Date.parse(latest.events.created.at)).toBeGreaterThanOrEqual(Date.parse(first.events.created.at));
    expect(Date.now() - Date.parse(latest.events.created.at)).toBeLessThan(60_000);

    const one = await t.call(vendor, { method: 'GET', url: `/public/v1/audit/records/${latest.id}` });
    expect(one.json()).toEqual(latest);
  });

  it('filter by actor and date, and refuse undeclared filters', async () => {
    const actor = t.demo.users['vendor@demo.trellis'].id;
    expect((await list(vendor, `eq(actor.id,${actor})&limit=0`)).headers['content-range']).toBe('items 0-0/2');
    expect((await list(vendor, 'gt(events.created.at,2999-01-01T00:00:00Z)')).json()).toEqual([]);
    const bad = await list(vendor, 'eq(account_id,x)');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toContain('account_id');
  });

  it('are invisible to another tenant, in lists and by id', async () => {
    const mine = (await list(vendor, `eq(object.id,${t.demo.vendor.id})`)).json();
    const other = await t.login('other@demo.trellis');
    const theirs = await list(other, '');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect((await t.call(other, { method: 'GET', url: `/public/v1/audit/records/${mine[0].id}` })).statusCode).toBe(
      404,
    );
    // Neither does the vendor's user working in the provider account see them.
    const provider = await t.login('provider@demo.trellis');
    expect((await list(provider, `eq(object.id,${t.demo.vendor.id})`)).json()).toEqual([]);
  });

  it('are read-only', async () => {
    const [rec] = (await list(vendor, '')).json();
    for (const [method, url] of [
      ['POST', '/public/v1/audit/records'],
      ['PUT', `/public/v1/audit/records/${rec.id}`],
      ['DELETE', `/public/v1/audit/records/${rec.id}`],
    ] as const) {
      const res = await t.call(vendor, {
        method,
        url,
        payload: method === 'DELETE' ? undefined : { action: 'forged' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.call(vendor, { method: 'GET', url: `/public/v1/audit/records/${rec.id}` })).json().action).toBe(
      rec.action,
    );
  });

  it('need a caller with the account module (MD-0001)', async () => {
    expect((await t.call(null, { method: 'GET', url: '/public/v1/audit/records' })).statusCode).toBe(401);
    const ctx = systemCtx({ ...t.demo.vendor, roles: t.demo.vendor.roles });
    const { apiKey: narrow } = await createToken(t.db, ctx, { name: 'tokens only', permissions: ['MD-0014'] });
    expect((await list(narrow, '')).statusCode).toBe(403);
    const { apiKey: wide } = await createToken(t.db, ctx, { name: 'account', permissions: ['MD-0001'] });
    expect((await list(wide, `eq(object.id,${t.demo.vendor.id})`)).headers['content-range']).toMatch(/\/2$/);
  });
});
