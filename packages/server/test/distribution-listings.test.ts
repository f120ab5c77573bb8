import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Session, type TestApp } from './helpers.ts';
import {
  API,
  extraProvider,
  marketplaceWithHub,
  ok,
  partner,
  publishedProduct,
  request,
} from './distribution-helpers.ts';

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;
let mp: any;
let hub: any;
beforeAll(async () => {
  t = await testApp();
  [vendor, provider, other] = await Promise.all([
    t.login('vendor@demo.trellis'),
    t.login('provider@demo.trellis'),
    t.login('other@demo.trellis'),
  ]);
  await partner(t, vendor, provider);
  ({ mp, hub } = await marketplaceWithHub(t, provider, 'Listings Market'));
});
afterAll(async () => {
  await t?.close();
});

const act = (who: Session, id: string, action: string, payload: object = {}) =>
  t.call(who, { method: 'POST', url: `${API}/listing-requests/${id}/${action}`, payload });
const errors = async (p: Promise<any>) => (await p).json().errors;
const sees = async (who: Session, productId: string) =>
  (await t.call(who, { method: 'GET', url: `${API}/products/${productId}` })).statusCode === 200;
const counter = async (who: Session, account: string) =>
  (await ok(t, who, 'GET', `/accounts/${account}/statistics`)).listing_requests.count;

describe('listing requests', () => {
  it('draft → reviewing → deploying → completed lists the product; each step only by its side and from its status', async () => {
    const product = await publishedProduct(t, vendor, 'Listed Product');
    const r = await request(t, vendor, provider, {
      type: 'new',
      product_id: product.id,
      marketplace_id: mp.id,
      note: 'Please list',
    });
    expect(r.id).toMatch(/^LSTR-\d{3}-\d{3}-\d{3}$/);
    expect(r).toMatchObject({
      type: 'new',
      status: 'draft',
      state: 'draft',
      note: 'Please list',
      product: { id: product.id, name: 'Listed Product', version: 1 },
      marketplace: { id: mp.id, name: 'Listings Market' },
      vendor: { id: t.demo.vendor.id },
      provider: { id: t.demo.provider.id, name: 'Demo Provider' },
    });
    // no listing yet, nobody assigned
    expect(r).not.toHaveProperty('listing');
    expect(r).not.toHaveProperty('assignee');
    // a draft is the vendor's alone
    expect((await t.call(provider, { method: 'GET', url: `${API}/listing-requests/${r.id}` })).statusCode).toBe(404);
    expect(await errors(act(vendor, r.id, 'deploy'))).toEqual(['Only a provider account can deploy this object.']);
    const submitted = (await act(vendor, r.id, 'submit')).json();
    expect(submitted).toMatchObject({ status: 'reviewing', state: 'reviewing', listing: { status: 'unlisted' } });
    expect(submitted.listing.id).toMatch(/^LST-\d{3}-\d{3}-\d{3}$/);
    expect(await errors(act(vendor, r.id, 'submit'))).toEqual([
      "Action 'submit' is not allowed in status 'reviewing'.",
    ]);
    expect(await errors(act(provider, r.id, 'complete'))).toEqual([
      "Action 'complete' is not allowed in status 'reviewing'.",
    ]);
    expect((await act(provider, r.id, 'submit')).statusCode).toBe(403);
    // the provider sends it back; the vendor submits again
    expect((await act(provider, r.id, 'refine')).json().status).toBe('draft');
    expect((await t.call(provider, { method: 'GET', url: `${API}/listing-requests/${r.id}` })).statusCode).toBe(404);
    expect((await act(vendor, r.id, 'submit')).json().status).toBe('reviewing');
    const listing = await ok(t, vendor, 'GET', `/listings/${submitted.listing.id}`);
    expect(listing).toMatchObject({
      status: 'unlisted',
      pending_request: { id: r.id, type: 'new', status: 'reviewing' },
    });
    expect((await act(provider, r.id, 'deploy')).json().status).toBe('deploying');
    expect(await errors(act(provider, r.id, 'refine'))).toEqual([
      "Action 'refine' is not allowed in status 'deploying'.",
    ]);
    expect(await sees(provider, product.id)).toBe(false);
    expect((await act(provider, r.id, 'complete')).json()).toMatchObject({
      status: 'completed',
      listing: { status: 'listed' },
    });
    // listed for both; the provider reads the product now
    for (const who of [vendor, provider]) {
      const listed = await ok(t, who, 'GET', `/listings?eq(product.id,${product.id})`);
      expect(listed).toMatchObject([{ status: 'listed', marketplace: { id: mp.id } }]);
      expect(listed[0]).not.toHaveProperty('pending_request');
    }
    expect(await sees(provider, product.id)).toBe(true);
    for (const action of ['cancel', 'deploy', 'assign', 'unassign']) {
      expect(await errors(act(provider, r.id, action)), action).toEqual([
        `Action '${action}' is not allowed in status 'completed'.`,
      ]);
    }
    expect((await ok(t, provider, 'GET', `/marketplaces/${mp.id}`)).stats.listings).toBe(1);
  });

  it('a remove request unlists the product: the provider stops seeing it unless a connection still links it', async () => {
    const kept = await publishedProduct(t, vendor, 'Kept by connection');
    const gone = await publishedProduct(t, vendor, 'Gone');
    for (const p of [kept, gone])
      await request(t, vendor, provider, { type: 'new', product_id: p.id, marketplace_id: mp.id }, [
        'submit',
        'deploy',
        'complete',
      ]);
    await ok(t, vendor, 'POST', `/products/${kept.id}/connections`, { hub: { id: hub.id }, type: 'production' });
    const listed = await ok(t, vendor, 'GET', `/listings?eq(product.id,${gone.id})`);
    // a second `new` request for a listed product, or a second request in progress, is refused
    expect(
      await errors(
        t.call(vendor, {
          method: 'POST',
          url: `${API}/listing-requests`,
          payload: { type: 'new', product_id: gone.id, marketplace_id: mp.id },
        }),
      ),
    ).toEqual([`Product ${gone.id} is already listed in marketplace ${mp.id}.`]);
    const rmGone = await request(t, vendor, provider, { type: 'remove', listing_id: listed[0].id });
    expect(rmGone.listing).toEqual({ id: listed[0].id, status: 'listed' });
    const again = await t.call(vendor, {
      method: 'POST',
      url: `${API}/listing-requests`,
      payload: { type: 'remove', product_id: gone.id, marketplace_id: mp.id },
    });
    expect(again.statusCode).toBe(409);
    for (const a of ['submit', 'deploy', 'complete']) await act(a === 'submit' ? vendor : provider, rmGone.id, a);
    await request(t, vendor, provider, { type: 'remove', product_id: kept.id, marketplace_id: mp.id }, [
      'submit',
      'deploy',
      'complete',
    ]);
    expect((await ok(t, vendor, 'GET', `/listings/${listed[0].id}`)).status).toBe('unlisted');
    expect(await sees(provider, gone.id)).toBe(false);
    expect(await sees(provider, kept.id)).toBe(true);
    // removing what is not listed is refused; listing it again works
    expect(
      await errors(
        t.call(vendor, {
          method: 'POST',
          url: `${API}/listing-requests`,
          payload: { type: 'remove', product_id: gone.id, marketplace_id: mp.id },
        }),
      ),
    ).toEqual([`Product ${gone.id} is not listed in marketplace ${mp.id}; only a listing can be updated or removed.`]);
    const relist = await request(t, vendor, provider, { type: 'new', product_id: gone.id, marketplace_id: mp.id }, [
      'submit',
    ]);
    expect(relist.listing.id).toBe(listed[0].id);
  });

  it('the provider cancels from reviewing or deploying; the vendor deletes drafts only', async () => {
    const product = await publishedProduct(t, vendor, 'Canceled');
    const a = await request(t, vendor, provider, { type: 'new', product_id: product.id, marketplace_id: mp.id }, [
      'submit',
    ]);
    expect((await act(provider, a.id, 'cancel')).json().status).toBe('canceled');
    const b = await request(t, vendor, provider, { type: 'new', product_id: product.id, marketplace_id: mp.id }, [
      'submit',
      'deploy',
    ]);
    expect((await act(vendor, b.id, 'cancel')).statusCode).toBe(403);
    expect((await act(provider, b.id, 'cancel')).json()).toMatchObject({
      status: 'canceled',
      listing: { status: 'unlisted' },
    });
    expect(await errors(act(provider, b.id, 'cancel'))).toEqual([
      "Action 'cancel' is not allowed in status 'canceled'.",
    ]);
    const c = await request(t, vendor, provider, { type: 'new', product_id: product.id, marketplace_id: mp.id });
    const del = await t.call(vendor, { method: 'DELETE', url: `${API}/listing-requests/${a.id}` });
    expect(del.json().errors).toEqual(["Action 'delete' is not allowed in status 'canceled'."]);
    expect((await t.call(vendor, { method: 'DELETE', url: `${API}/listing-requests/${c.id}` })).statusCode).toBe(204);
    expect((await ok(t, vendor, 'GET', `/listing-requests/${c.id}`)).status).toBe('deleted');
    expect(await errors(act(vendor, c.id, 'submit'))).toEqual(["Action 'submit' is not allowed in status 'deleted'."]);
    const ids = (await ok(t, vendor, 'GET', `/listing-requests?eq(product.id,${product.id})`)).map((r: any) => r.id);
    expect(ids.sort()).toEqual([a.id, b.id].sort());
    expect(
      (await ok(t, vendor, 'GET', `/listing-requests?eq(product.id,${product.id})&eq(status,deleted)`)).map(
        (r: any) => r.id,
      ),
    ).toEqual([c.id]);
  });

  it('the provider assigns a request to one of its users and unassigns it', async () => {
    const product = await publishedProduct(t, vendor, 'Assigned');
    const r = await request(t, vendor, provider, { type: 'new', product_id: product.id, marketplace_id: mp.id }, [
      'submit',
    ]);
    const me = provider.body.user.id;
    expect((await act(provider, r.id, 'assign')).json().assignee).toEqual({ id: me, name: 'Paul Provider' });
    const multi = t.demo.users['multi@demo.trellis'].id;
    expect((await act(provider, r.id, 'assign', { assignee: { id: multi } })).json().assignee).toMatchObject({
      id: multi,
    });
    expect(
      await errors(act(provider, r.id, 'assign', { assignee: { id: t.demo.users['vendor@demo.trellis'].id } })),
    ).toEqual([`assignee: user ${t.demo.users['vendor@demo.trellis'].id} is not an active user of this account.`]);
    expect((await ok(t, provider, 'GET', `/listing-requests?eq(assignee.id,${multi})`)).map((x: any) => x.id)).toEqual([
      r.id,
    ]);
    expect((await act(vendor, r.id, 'assign')).statusCode).toBe(403);
    expect((await act(provider, r.id, 'unassign')).json()).not.toHaveProperty('assignee');
  });

  it('needs a published product of the vendor and a marketplace of an active partner', async () => {
    const draft = await ok(t, vendor, 'POST', '/products', { name: 'Not yet' });
    const post = (who: Session, payload: object) =>
      t.call(who, { method: 'POST', url: `${API}/listing-requests`, payload });
    expect(await errors(post(vendor, { type: 'new', product_id: draft.id, marketplace_id: mp.id }))).toEqual([
      `Only a published product can be listed; ${draft.id} is draft.`,
    ]);
    expect(await errors(post(vendor, { type: 'new' }))).toEqual([
      'product_id: This field is required',
      'marketplace_id: This field is required',
    ]);
    expect(await errors(post(vendor, { type: 'old', product_id: draft.id, marketplace_id: mp.id }))).toEqual([
      'type: type must be one of new, update, remove',
    ]);
    const otherProduct = await publishedProduct(t, other, 'Other listed');
    expect(await errors(post(other, { type: 'new', product_id: otherProduct.id, marketplace_id: mp.id }))).toEqual([
      `marketplace_id: marketplace ${mp.id} does not exist.`,
    ]);
    expect(await errors(post(vendor, { type: 'new', product_id: otherProduct.id, marketplace_id: mp.id }))).toEqual([
      `product_id: product ${otherProduct.id} does not exist.`,
    ]);
    expect((await post(provider, { type: 'new', product_id: draft.id, marketplace_id: mp.id })).statusCode).toBe(403);
  });
});

describe('the provider marketplace filter', () => {
  it('lists only owned marketplaces unless the query filters on owner.id', async () => {
    const second = await extraProvider(t, 'Second Provider', 'second@provider.test');
    await partner(t, vendor, second);
    const { mp: foreign } = await marketplaceWithHub(t, second, 'Second Market');
    const product = await publishedProduct(t, vendor, 'Everywhere');
    await request(t, vendor, provider, { type: 'new', product_id: product.id, marketplace_id: mp.id }, [
      'submit',
      'deploy',
      'complete',
    ]);
    let r = await ok(t, vendor, 'POST', '/listing-requests', {
      type: 'new',
      product_id: product.id,
      marketplace_id: foreign.id,
    });
    for (const a of ['submit', 'deploy', 'complete'])
      r = await ok(t, a === 'submit' ? vendor : second, 'POST', `/listing-requests/${r.id}/${a}`, {});
    const names = (list: any[]) => list.map((m) => m.name).sort();
    // Demo Provider distributes a product also listed in Second Market: it may see that marketplace, but only when asked
    expect(names(await ok(t, provider, 'GET', '/marketplaces'))).toEqual(['Listings Market']);
    expect(names(await ok(t, provider, 'GET', '/marketplaces?null(owner.id,false)'))).toEqual([
      'Listings Market',
      'Second Market',
    ]);
    expect(names(await ok(t, provider, 'GET', `/marketplaces?eq(owner.id,${second.body.account.id})`))).toEqual([
      'Second Market',
    ]);
    expect((await ok(t, provider, 'GET', `/marketplaces/${foreign.id}`)).name).toBe('Second Market');
    expect(
      (await t.call(provider, { method: 'PUT', url: `${API}/marketplaces/${foreign.id}`, payload: { name: 'x' } }))
        .statusCode,
    ).toBe(403);
    // the vendor sees both partners' marketplaces; each provider sees its own listing only
    expect(names(await ok(t, vendor, 'GET', '/marketplaces'))).toEqual(['Listings Market', 'Second Market']);
    expect(
      (await ok(t, second, 'GET', `/listings?eq(product.id,${product.id})`)).map((l: any) => l.marketplace.id),
    ).toEqual([foreign.id]);
    expect(
      (await ok(t, provider, 'GET', `/listings?eq(product.id,${product.id})`)).map((l: any) => l.marketplace.id),
    ).toEqual([mp.id]);
    expect(await ok(t, second, 'GET', '/listing-requests?eq(marketplace.id,' + mp.id + ')')).toEqual([]);
  });
});

describe('partner catalogue', () => {
  it('a provider sees the published products of an active vendor partner; the vendor sees what it distributes through the partner', async () => {
    const product = await publishedProduct(t, vendor, 'Catalogue Product');
    const seen = await ok(t, provider, 'GET', `/partners/${t.demo.vendor.id}/products?eq(id,${product.id})`);
    expect(seen).toMatchObject([{ id: product.id, name: 'Catalogue Product', version: 1, latest: true }]);
    expect((await ok(t, provider, 'GET', `/partners/${t.demo.vendor.id}/products/${product.id}`)).id).toBe(product.id);
    expect(await ok(t, vendor, 'GET', `/partners/${t.demo.provider.id}/products?eq(id,${product.id})`)).toEqual([]);
    expect(
      (await t.call(other, { method: 'GET', url: `${API}/partners/${t.demo.vendor.id}/products` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(provider, { method: 'GET', url: `${API}/partners/${t.demo.other.id}/products` })).statusCode,
    ).toBe(404);
  });
});

describe('dashboard counter and isolation', () => {
  it("counts the vendor's requests in progress and those waiting on the provider", async () => {
    const vBefore = await counter(vendor, t.demo.vendor.id);
    const pBefore = await counter(provider, t.demo.provider.id);
    expect(await counter(other, t.demo.other.id)).toBe(0);
    const product = await publishedProduct(t, vendor, 'Counted');
    const r = await request(t, vendor, provider, { type: 'new', product_id: product.id, marketplace_id: mp.id });
    expect([await counter(vendor, t.demo.vendor.id), await counter(provider, t.demo.provider.id)]).toEqual([
      vBefore + 1,
      pBefore,
    ]);
    await act(vendor, r.id, 'submit');
    expect([await counter(vendor, t.demo.vendor.id), await counter(provider, t.demo.provider.id)]).toEqual([
      vBefore + 1,
      pBefore + 1,
    ]);
    await act(provider, r.id, 'deploy');
    expect(await counter(provider, t.demo.provider.id)).toBe(pBefore + 1);
    await act(provider, r.id, 'complete');
    expect([await counter(vendor, t.demo.vendor.id), await counter(provider, t.demo.provider.id)]).toEqual([
      vBefore,
      pBefore,
    ]);
  });

  it('another vendor sees none of the listings, requests or connections and can act on none', async () => {
    const product = await publishedProduct(t, vendor, 'Isolated');
    const r = await request(t, vendor, provider, { type: 'new', product_id: product.id, marketplace_id: mp.id }, [
      'submit',
    ]);
    const conn = await ok(t, vendor, 'POST', `/products/${product.id}/connections`, {
      hub: { id: hub.id },
      type: 'test',
    });
    const listingId = r.listing.id;
    for (const url of [
      `/listing-requests/${r.id}`,
      `/listings/${listingId}`,
      `/products/${product.id}/connections/${conn.id}`,
      `/hubs/${hub.id}/connections/${conn.id}`,
    ]) {
      expect((await t.call(other, { method: 'GET', url: `${API}${url}` })).statusCode, url).toBe(404);
    }
    for (const a of ['submit', 'refine', 'deploy', 'complete', 'cancel', 'assign', 'unassign']) {
      expect((await act(other, r.id, a)).statusCode, a).toBe(404);
    }
    expect((await t.call(other, { method: 'DELETE', url: `${API}/listing-requests/${r.id}` })).statusCode).toBe(404);
    expect(
      (await t.call(other, { method: 'POST', url: `${API}/products/${product.id}/connections/${conn.id}/revoke` }))
        .statusCode,
    ).toBe(404);
    for (const url of ['/listing-requests', '/listings', `/listings?eq(id,${listingId})`])
      expect(await ok(t, other, 'GET', url), url).toEqual([]);
  });
});
