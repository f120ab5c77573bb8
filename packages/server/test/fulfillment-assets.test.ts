import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inVendorsTierAccounts, liveSubscriptionsOf } from '../src/modules/fulfillment/public.ts';
import { contactInfo, fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import {
  act,
  approvedPurchase,
  assetOf,
  expectError,
  expectStatus,
  fillActivation,
  future,
  purchaseIn,
} from './fulfillment-requests-helpers.ts';

let w: FulfillmentWorld;
beforeAll(async () => {
  w = await fulfillmentWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

const order = (type: string, asset: Record<string, unknown>, who = w.provider, status = 201) =>
  expectStatus(w, who, 'POST', '/requests', { type, asset }, status);
const quantities = (a: any) => Object.fromEntries(a.items.map((i: any) => [i.mpn, i.quantity]));

describe('what each request type does to its asset', () => {
  it('purchase: processing while pending, active once approved; a failed purchase terminates the asset', async () => {
    const r = await w.purchase();
    expect((await assetOf(w, r.asset.id)).status).toBe('processing');
    const approved = await approvedPurchase(w);
    const asset = await assetOf(w, approved.asset.id);
    expect(asset).toMatchObject({ status: 'active', items: [{ mpn: 'MAIL-SEAT', quantity: '5' }] });
    expect(asset.params.find((p: any) => p.id === 'activation_code').value).toBe('ACT-123');
    expect(approved.asset.status).toBe('active');

    await act(w, w.vendor, r.id, 'fail', { reason: 'No capacity' });
    expect((await assetOf(w, r.asset.id)).status).toBe('terminated');
    const draft = await w.purchase({ status: 'draft' });
    expect((await assetOf(w, draft.asset.id)).status).toBe('draft');
    await act(w, w.provider, draft.id, 'submit');
    expect((await assetOf(w, draft.asset.id)).status).toBe('processing');
  });

  it('change: new quantities once approved, the request keeps old_quantity; the same quantities are refused', async () => {
    const p = await approvedPurchase(w);
    const asset = p.asset.id;
    await expectError(
      w,
      w.provider,
      'POST',
      '/requests',
      { type: 'change', asset: { id: asset, items: [{ id: w.items.seat.id, quantity: 5 }] } },
      400,
      `asset.items: the new quantities are the same as the current ones of asset ${asset}.`,
    );
    await expectError(
      w,
      w.provider,
      'POST',
      '/requests',
      { type: 'change', asset: { id: asset } },
      400,
      'asset.items: This field is required',
    );
    const r = await order('change', {
      id: asset,
      items: [
        { id: w.items.seat.id, quantity: 8 },
        { id: w.items.archive.id, quantity: 2 },
      ],
    });
    expect(r.id).toBe(p.id.replace(/-001$/, '-002'));
    expect(r.previous_approved_request).toEqual({ id: p.id });
    expect(r.asset.items.map((i: any) => [i.mpn, i.quantity, i.old_quantity])).toEqual([
      ['MAIL-SEAT', '8', '5'],
      ['MAIL-ARCH', '2', '0'],
    ]);
    expect(quantities(await assetOf(w, asset))).toEqual({ 'MAIL-SEAT': '5' });
    await fillActivation(w, r.id);
    await act(w, w.vendor, r.id, 'approve', { activation_tile: 'Changed' });
    const after = await assetOf(w, asset);
    expect(quantities(after)).toEqual({ 'MAIL-SEAT': '8', 'MAIL-ARCH': '2' });
    expect(after.items.every((i: any) => i.old_quantity === undefined)).toBe(true);
  });

  it('suspend and resume; a suspended asset takes no change; cancel terminates; a failed cancel leaves it active', async () => {
    const asset = (await approvedPurchase(w)).asset.id;
    const s = await order('suspend', { id: asset });
    await act(w, w.vendor, s.id, 'approve', { activation_tile: 'Suspended' });
    expect((await assetOf(w, asset)).status).toBe('suspended');
    await expectError(
      w,
      w.provider,
      'POST',
      '/requests',
      { type: 'change', asset: { id: asset, items: [{ id: w.items.seat.id, quantity: 9 }] } },
      400,
      `asset.id: a change request needs an asset that is active; ${asset} is suspended.`,
    );
    const resume = await order('resume', { id: asset });
    await act(w, w.vendor, resume.id, 'approve', { activation_tile: 'Back' });
    expect((await assetOf(w, asset)).status).toBe('active');

    const c1 = await order('cancel', { id: asset });
    expect(c1.asset.status).toBe('terminating');
    expect((await assetOf(w, asset)).status).toBe('terminating');
    await act(w, w.vendor, c1.id, 'fail', { reason: 'Contract runs until June' });
    expect((await assetOf(w, asset)).status).toBe('active');

    const c2 = await order('cancel', { id: asset });
    await act(w, w.vendor, c2.id, 'approve', { activation_tile: 'Bye' });
    expect((await assetOf(w, asset)).status).toBe('terminated');
    await expectError(
      w,
      w.provider,
      'POST',
      '/requests',
      { type: 'resume', asset: { id: asset } },
      400,
      'asset.id: a resume request needs an asset that is suspended',
    );
  });

  it('a cancel of a suspended asset that fails leaves it suspended; a revoked cancel leaves the asset as it was', async () => {
    const asset = (await approvedPurchase(w)).asset.id;
    await act(w, w.vendor, (await order('suspend', { id: asset })).id, 'approve', { activation_tile: 'Paused' });
    const c = await order('cancel', { id: asset });
    expect((await assetOf(w, asset)).status).toBe('terminating');
    await act(w, w.vendor, c.id, 'fail', { reason: 'No' });
    expect((await assetOf(w, asset)).status).toBe('suspended');

    const c2 = await order('cancel', { id: asset });
    await act(w, w.vendor, c2.id, 'schedule', { planned_date: future() });
    await act(w, w.provider, c2.id, 'revoke', { reason: 'Keep it' });
    expect((await assetOf(w, asset)).status).toBe('terminating');
    const revoked = await act(w, w.vendor, c2.id, 'confirm');
    expect(revoked).toMatchObject({ status: 'revoked', reason: 'Keep it', asset: { status: 'suspended' } });
    expect((await assetOf(w, asset)).status).toBe('suspended');
  });

  it('a revoked purchase terminates its asset', async () => {
    const r = await purchaseIn(w, 'revoked');
    expect((await assetOf(w, r.asset.id)).status).toBe('terminated');
  });

  it("adjustment is the vendor's: parameters and items change once approved; renew keeps the asset active", async () => {
    const asset = (await approvedPurchase(w)).asset.id;
    await expectStatus(w, w.provider, 'POST', '/requests', { type: 'adjustment', asset: { id: asset } }, 403);
    const adj = await order(
      'adjustment',
      {
        id: asset,
        params: [{ id: 'activation_code', value: 'ACT-999' }],
        items: [{ id: w.items.seat.id, quantity: 5 }],
      },
      w.vendor,
    );
    await act(w, w.vendor, adj.id, 'approve', { activation_tile: 'Adjusted' });
    const after = await assetOf(w, asset);
    expect(after.params.find((p: any) => p.id === 'activation_code').value).toBe('ACT-999');
    const renew = await order('renew', { id: asset });
    await act(w, w.vendor, renew.id, 'approve', { activation_tile: 'Renewed' });
    expect((await assetOf(w, asset)).status).toBe('active');
    await expectError(
      w,
      w.provider,
      'POST',
      '/requests',
      { type: 'suspend', asset: { id: asset, items: [{ id: w.items.seat.id, quantity: 1 }] } },
      400,
      'asset.items: a suspend request does not take items.',
    );
  });

  it('transfer moves the asset to another customer of the provider once approved', async () => {
    const asset = (await approvedPurchase(w)).asset.id;
    const other = await expectStatus(
      w,
      w.provider,
      'POST',
      '/tier/accounts',
      {
        name: 'Tailspin Toys',
        type: 'customer',
        parent: { id: w.t1.id },
        external_uid: 'ext-c2',
        contact_info: contactInfo('it@tailspin.example'),
      },
      201,
    );
    const tr = await order('transfer', { id: asset, tiers: { customer: { external_uid: 'ext-c2' } } });
    expect(tr.asset.tiers.customer.id).toBe(other.id);
    expect((await assetOf(w, asset)).tiers.customer.id).toBe(w.customer.id);
    await act(w, w.vendor, tr.id, 'approve', { activation_tile: 'Moved' });
    expect((await assetOf(w, asset)).tiers).toMatchObject({ customer: { id: other.id }, tier1: { id: w.t1.id } });
    const found = await expectStatus(w, w.vendor, 'GET', `/assets?tiers.customer.id=${other.id}`, undefined, 200);
    expect(found.map((a: any) => a.id)).toEqual([asset]);
  });

  it('one open request per asset: a second one is a 409 naming the open one', async () => {
    const asset = (await approvedPurchase(w)).asset.id;
    const open = await order('suspend', { id: asset });
    await expectError(
      w,
      w.provider,
      'POST',
      '/requests',
      { type: 'cancel', asset: { id: asset } },
      409,
      `Asset ${asset} already has request ${open.id} in status pending.`,
    );
    await expectError(
      w,
      w.vendor,
      'POST',
      '/requests',
      { type: 'adjustment', asset: { id: asset } },
      409,
      `already has request ${open.id}`,
    );
    // once decided, the next may open; a draft counts as open too
    await act(w, w.vendor, open.id, 'fail', { reason: 'No' });
    const draft = await expectStatus(
      w,
      w.provider,
      'POST',
      '/requests',
      { type: 'cancel', asset: { id: asset }, status: 'draft' },
      201,
    );
    expect(draft.status).toBe('draft');
    await expectError(
      w,
      w.provider,
      'POST',
      '/requests',
      { type: 'suspend', asset: { id: asset } },
      409,
      `already has request ${draft.id} in status draft.`,
    );
  });
});

describe('asset endpoints', () => {
  it("lists and reads assets on /assets and /subscriptions/assets, with filters and the asset's requests newest first", async () => {
    const p = await approvedPurchase(w);
    const asset = p.asset.id;
    const change = await order('change', { id: asset, items: [{ id: w.items.seat.id, quantity: 6 }] });
    for (const path of ['/assets', '/subscriptions/assets']) {
      const one = await expectStatus(w, w.provider, 'GET', `${path}/${asset}`, undefined, 200);
      expect(one).toMatchObject({
        id: asset,
        status: 'active',
        product: { id: w.product.id },
        tiers: { customer: { id: w.customer.id } },
      });
      const list = await expectStatus(w, w.vendor, 'GET', `${path}?id=${asset}`, undefined, 200);
      expect(list.map((a: any) => a.id)).toEqual([asset]);
    }
    const byStatus = await expectStatus(
      w,
      w.vendor,
      'GET',
      `/assets?status=active&product.id=${w.product.id}&connection.type=production&limit=1000`,
      undefined,
      200,
    );
    expect(byStatus.some((a: any) => a.id === asset)).toBe(true);
    expect(byStatus.every((a: any) => a.status === 'active')).toBe(true);
    const reqs = await expectStatus(w, w.vendor, 'GET', `/assets/${asset}/requests`, undefined, 200);
    expect(reqs.map((r: any) => r.id)).toEqual([change.id, p.id]);
    const pendingOnly = await expectStatus(
      w,
      w.provider,
      'GET',
      `/assets/${asset}/requests?status=pending`,
      undefined,
      200,
    );
    expect(pendingOnly.map((r: any) => r.id)).toEqual([change.id]);
    await expectStatus(w, w.vendor, 'GET', '/assets?nonsense=1', undefined, 400);
  });

  it("renders the asset's activation template with its current parameters", async () => {
    const p = await approvedPurchase(w, 'CODE-77');
    const md = await expectStatus(w, w.provider, 'GET', `/assets/${p.asset.id}/render`, undefined, 200);
    expect(md).toContain('Your code: CODE-77');
  });
});

describe('isolation', () => {
  it('Other Vendor gets 404 on every asset and request URL and sees none in lists', async () => {
    const p = await approvedPurchase(w);
    const pending = await w.purchase();
    const asset = p.asset.id;
    for (const url of [
      `/assets/${asset}`,
      `/subscriptions/assets/${asset}`,
      `/assets/${asset}/requests`,
      `/assets/${asset}/render`,
      `/requests/${p.id}`,
      `/subscriptions/requests/${p.id}`,
      `/requests/${p.id}/render`,
    ]) {
      await expectStatus(w, w.other, 'GET', url, undefined, 404);
    }
    await expectStatus(w, w.other, 'PUT', `/requests/${pending.id}`, { note: 'x' }, 404);
    for (const action of [
      'approve',
      'fail',
      'inquire',
      'pend',
      'assign',
      'unassign',
      'schedule',
      'revoke',
      'confirm',
      'validate',
      'submit',
      'purchase',
    ]) {
      await expectStatus(
        w,
        w.other,
        'POST',
        `/requests/${pending.id}/${action}`,
        { reason: 'x', activation_tile: 'x', planned_date: future() },
        404,
      );
    }
    await expectStatus(w, w.other, 'POST', '/requests', { type: 'adjustment', asset: { id: asset } }, 400);
    for (const url of ['/assets', '/subscriptions/assets', '/requests']) {
      const res = await w.t.call(w.other, { method: 'GET', url: `/public/v1${url}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    expect((await expectStatus(w, w.vendor, 'GET', `/requests/${pending.id}`, undefined, 200)).status).toBe('pending');
  });

  it('the provider cannot approve (403); the vendor cannot create purchases (403)', async () => {
    const r = await w.purchase();
    await fillActivation(w, r.id);
    await expectStatus(w, w.provider, 'POST', `/requests/${r.id}/approve`, { activation_tile: 'x' }, 403);
    await expectStatus(w, w.vendor, 'POST', '/requests', w.purchaseBody(), 403);
  });
});

describe('what other areas read of the subscriptions (fulfillment public.ts)', () => {
  it("a tier account's live subscriptions by vendor and product, and the tier accounts a vendor reads", async () => {
    const customer = await expectStatus(
      w,
      w.provider,
      'POST',
      '/tier/accounts',
      {
        name: 'Public Read GmbH',
        type: 'customer',
        parent: { id: w.t1.id },
        external_uid: `public-read-${Date.now()}`,
        contact_info: contactInfo('it@public-read.example'),
      },
      201,
    );
    expect(await liveSubscriptionsOf(w.t.db, customer.id)).toEqual([]);
    const r = await w.purchase({
      asset: { ...w.purchaseBody().asset, tiers: { customer: { id: customer.id }, tier1: { id: w.t1.id } } },
    });
    const pair = { vendor_id: r.asset.connection.vendor.id, product_id: w.product.id };
    expect(await liveSubscriptionsOf(w.t.db, customer.id)).toEqual([pair]);
    expect(await liveSubscriptionsOf(w.t.db, w.t1.id)).toContainEqual(pair);

    const readable = async (vendorId: string) =>
      (
        await sql<{ id: string }>`select t.id from tier_accounts t
          where ${inVendorsTierAccounts(sql`t.id`, vendorId)}`.execute(w.t.db)
      ).rows.map((x) => x.id);
    expect(await readable(pair.vendor_id)).toEqual(expect.arrayContaining([customer.id, w.t1.id]));
    expect(await readable('VA-000-000')).toEqual([]);

    // a failed purchase terminates its subscription: no longer live
    await act(w, w.vendor, r.id, 'fail', { reason: 'No capacity' });
    expect(await liveSubscriptionsOf(w.t.db, customer.id)).toEqual([]);
  });
});
