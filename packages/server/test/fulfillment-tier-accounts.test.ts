import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInfo, fulfillmentWorld, ok, type FulfillmentWorld } from './fulfillment-fixture.ts';
import type { Session } from './helpers.ts';

/**
 * Tier account requests (reference workflow tier-account-requests) and the vendor's read-only sight of the tier
 * accounts of its subscriptions.
 */

let w: FulfillmentWorld;
beforeAll(async () => {
  w = await fulfillmentWorld();
  await w.purchase(); // Fabrikam (customer) under Northwind (T1) now has a subscription of Demo Vendor's product
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

const TAR = '/tier/account-requests';
const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  w.t.call(who, { method, url: `/public/v1${url}`, payload: payload as any });
const get = (who: Session, url: string) => ok(w.t, who, 'GET', url);
const act = (who: Session, url: string, payload: unknown = {}) => ok(w.t, who, 'POST', url, payload, 200);
const counter = async (who: Session) =>
  (await get(who, `/accounts/${who.body.account.id}/statistics`)).tier_account_requests?.count;
const rename = (id: string, name: string) => ok(w.t, w.provider, 'PUT', `/tier/accounts/${id}`, { name }, 200);

describe('tier account requests', () => {
  it('files a pending request for the vendor when the provider changes a customer of its subscriptions', async () => {
    const before = await counter(w.vendor);
    await rename(w.customer.id, 'Fabrikam AG');
    const list: any[] = await get(w.vendor, `${TAR}?eq(account.id,${w.customer.id})`);
    expect(list).toHaveLength(1);
    const r = list[0];
    expect(r).toMatchObject({
      type: 'update',
      status: 'pending',
      reason: '',
      account: { id: w.customer.id, name: 'Fabrikam AG', version: 2 },
      vendor: { id: w.t.demo.vendor.id },
      provider: { id: w.t.demo.provider.id },
      product: { id: w.product.id, name: w.product.name },
    });
    expect(r.id).toBe(`TAR-${w.customer.id.replace(/^TA-/, '')}-001`);
    expect(r.account.events.updated.at).toEqual(expect.any(String));
    expect(await counter(w.vendor)).toBe(before + 1);
    // the provider sees what it caused; its dashboard has no such counter
    expect((await get(w.provider, `${TAR}/${r.id}`)).status).toBe('pending');
    expect(await counter(w.provider)).toBeUndefined();

    // only the vendor decides, once
    expect((await call(w.provider, 'POST', `${TAR}/${r.id}/accept`, {})).statusCode).toBe(403);
    const accepted = await act(w.vendor, `${TAR}/${r.id}/accept`);
    expect(accepted).toMatchObject({ status: 'accepted', events: { accepted: { at: expect.any(String) } } });
    expect(await counter(w.vendor)).toBe(before);
    const again = await call(w.vendor, 'POST', `${TAR}/${r.id}/ignore`, {});
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual(["Action 'ignore' is not allowed in status 'accepted'."]);
  });

  it('lets the vendor ignore a change with a reason; a reseller change files one too, with a running number', async () => {
    await rename(w.t1.id, 'Northwind Resellers Ltd');
    const [r] = await get(w.vendor, `${TAR}?eq(account.id,${w.t1.id})&eq(status,pending)`);
    expect(r.id).toBe(`TAR-${w.t1.id.replace(/^TA-/, '')}-001`);
    expect(r.account.name).toBe('Northwind Resellers Ltd');
    const ignored = await act(w.vendor, `${TAR}/${r.id}/ignore`, { reason: 'Name kept in our CRM' });
    expect(ignored).toMatchObject({ status: 'ignored', reason: 'Name kept in our CRM' });
    await rename(w.t1.id, 'Northwind Resellers Limited');
    const all: any[] = await get(w.vendor, `${TAR}?eq(account.id,${w.t1.id})&ordering(id)`);
    expect(all.map((x) => [x.id.slice(-3), x.account.version, x.status])).toEqual([
      ['001', 2, 'ignored'],
      ['002', 3, 'pending'],
    ]);
  });

  it('files nothing for an account without subscriptions, or for a PUT that changes nothing', async () => {
    const lone = await ok(w.t, w.provider, 'POST', '/tier/accounts', {
      name: 'Lonely Shop',
      type: 'customer',
      parent: { id: w.t1.id },
      external_uid: 'lonely-1',
      contact_info: contactInfo('shop@lonely.example'),
    });
    await rename(lone.id, 'Lonely Shop GmbH');
    expect(await get(w.vendor, `${TAR}?eq(account.id,${lone.id})`)).toEqual([]);
    const count = (await get(w.vendor, `${TAR}?eq(account.id,${w.customer.id})`)).length;
    await rename(w.customer.id, 'Fabrikam AG'); // same name: no new version, no request
    expect(await get(w.vendor, `${TAR}?eq(account.id,${w.customer.id})`)).toHaveLength(count);
  });

  it('files the request as unsupported when the product switched tier account updates off', async () => {
    const product = await w.t.db
      .selectFrom('products')
      .select('data')
      .where('id', '=', w.product.id)
      .executeTakeFirstOrThrow();
    const data = {
      ...product.data,
      capabilities: { ...product.data.capabilities, tiers: { updates: { enabled: false } } },
    };
    await w.t.db
      .updateTable('products')
      .set({ data: JSON.stringify(data) as any })
      .where('id', '=', w.product.id)
      .execute();
    try {
      await rename(w.customer.id, 'Fabrikam Holding');
      const [latest] = await get(w.vendor, `${TAR}?eq(account.id,${w.customer.id})&ordering(-id)&limit=1`);
      expect(latest).toMatchObject({ status: 'unsupported', account: { name: 'Fabrikam Holding' } });
      expect((await call(w.vendor, 'POST', `${TAR}/${latest.id}/accept`, {})).statusCode).toBe(400);
    } finally {
      await w.t.db
        .updateTable('products')
        .set({ data: JSON.stringify(product.data) as any })
        .where('id', '=', w.product.id)
        .execute();
    }
  });

  it('is invisible to Other Vendor: empty list, 404 on read and actions', async () => {
    const [r] = await get(w.vendor, TAR);
    expect(await get(w.other, TAR)).toEqual([]);
    for (const [method, url] of [
      ['GET', `${TAR}/${r.id}`],
      ['POST', `${TAR}/${r.id}/accept`],
      ['POST', `${TAR}/${r.id}/ignore`],
    ] as const) {
      expect(
        (await call(w.other, method, url, method === 'POST' ? {} : undefined)).statusCode,
        `${method} ${url}`,
      ).toBe(404);
    }
    expect((await call(w.vendor, 'GET', `${TAR}?eq(account.version,abc)`)).statusCode).toBe(400);
  });
});

describe('vendor sight of tier accounts', () => {
  it('lets the vendor read the tier accounts of its subscriptions, and only read them', async () => {
    const list: any[] = await get(w.vendor, '/tier/accounts');
    expect(list.map((a) => a.id).sort()).toEqual([w.customer.id, w.t1.id].sort());
    expect((await get(w.vendor, `/tier/accounts/${w.customer.id}`)).name).toEqual(expect.any(String));
    const versions: any[] = await get(w.vendor, `/tier/accounts/${w.customer.id}/versions`);
    expect(versions.length).toBeGreaterThan(1);
    for (const [method, url, body] of [
      ['PUT', `/tier/accounts/${w.customer.id}`, { name: 'Hijacked' }],
      ['DELETE', `/tier/accounts/${w.customer.id}`, undefined],
    ] as const) {
      const res = await call(w.vendor, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().errors).toEqual(['Only provider accounts manage tier accounts.']);
    }
    expect((await get(w.provider, `/tier/accounts/${w.customer.id}`)).name).not.toBe('Hijacked');
  });

  it('keeps them hidden from a vendor without such subscriptions (404, empty list)', async () => {
    expect(await get(w.other, '/tier/accounts')).toEqual([]);
    for (const url of [
      `/tier/accounts/${w.customer.id}`,
      `/tier/accounts/${w.customer.id}/versions`,
      `/tier/accounts/${w.t1.id}/versions/1`,
    ]) {
      expect((await call(w.other, 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await call(w.other, 'PUT', `/tier/accounts/${w.customer.id}`, { name: 'x' })).statusCode).toBe(404);
  });
});
