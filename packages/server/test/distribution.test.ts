import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_NO_COUNTRY, marketplaceHasNoCountry } from '@trellis/domain';
import { testApp, type Session, type TestApp } from './helpers.ts';
import { API, marketplaceWithHub, ok, partner, publishedProduct } from './distribution-helpers.ts';

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;
beforeAll(async () => {
  t = await testApp();
  [vendor, provider, other] = await Promise.all([
    t.login('vendor@demo.trellis'),
    t.login('provider@demo.trellis'),
    t.login('other@demo.trellis'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
function iconForm(filename: string, body: Buffer) {
  const boundary = '----trellis-distribution';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="icon"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('countries', () => {
  it('lists the ISO 3166 countries with names and phone prefixes, filterable, read-only for everyone', async () => {
    const all = await t.call(other, { method: 'GET', url: `${API}/countries?limit=0` });
    expect(Number(all.headers['content-range']!.toString().split('/')[1])).toBeGreaterThanOrEqual(249);
    expect(await ok(t, provider, 'GET', '/countries/DE')).toEqual({
      id: 'DE',
      name: 'Germany',
      prefix: '+49',
    });
    const antarctica = (await ok(t, vendor, 'GET', '/countries?eq(id,AQ)'))[0];
    expect(antarctica).toMatchObject({ name: 'Antarctica' });
    expect(antarctica).not.toHaveProperty('prefix');
    expect((await ok(t, vendor, 'GET', '/countries?search=austr&ordering(id)')).map((c: any) => c.id)).toEqual([
      'AT',
      'AU',
    ]);
    expect((await t.call(vendor, { method: 'GET', url: `${API}/countries/XX` })).statusCode).toBe(404);
    expect((await t.call(vendor, { method: 'POST', url: `${API}/countries`, payload: { id: 'XX' } })).statusCode).toBe(
      404,
    );
    expect((await t.call(vendor, { method: 'GET', url: `${API}/countries?eq(prefix,1)` })).statusCode).toBe(400);
  });
});

describe('partners', () => {
  it('invited → active (the invited side accepts) → removed; both sides see the same status; re-invite works', async () => {
    const prov = t.demo.provider.id;
    const vend = t.demo.vendor.id;
    const invited = await ok(t, vendor, 'POST', '/partners', { id: prov });
    expect(invited).toMatchObject({
      id: prov,
      name: 'Demo Provider',
      type: 'provider',
      status: 'invited',
      invitation: { by: { id: vend } },
    });
    expect(await ok(t, provider, 'GET', `/partners/${vend}`)).toMatchObject({
      id: vend,
      type: 'vendor',
      status: 'invited',
    });
    expect((await t.call(vendor, { method: 'POST', url: `${API}/partners`, payload: { id: prov } })).statusCode).toBe(
      409,
    );
    expect((await t.call(vendor, { method: 'POST', url: `${API}/partners/${prov}/accept` })).statusCode).toBe(403);
    const removeEarly = await t.call(vendor, { method: 'POST', url: `${API}/partners/${prov}/remove` });
    expect(removeEarly.json().errors).toEqual(["Action 'remove' is not allowed in status 'invited'."]);
    expect(await ok(t, provider, 'POST', `/partners/${vend}/accept`)).toMatchObject({ status: 'active' });
    expect(await ok(t, vendor, 'GET', `/partners/${prov}`)).toMatchObject({ status: 'active' });
    expect((await t.call(provider, { method: 'POST', url: `${API}/partners/${vend}/accept` })).statusCode).toBe(400);
    await ok(t, provider, 'POST', `/partners/${vend}/remove`);
    expect(await ok(t, vendor, 'GET', `/partners/${prov}`)).toMatchObject({ status: 'removed' });
    expect((await ok(t, vendor, 'GET', '/partners?eq(status,removed)')).map((p: any) => p.id)).toEqual([prov]);
    // invited again, by the provider this time
    await partner(t, provider, vendor);
    expect(await ok(t, vendor, 'GET', `/partners/${prov}`)).toMatchObject({
      status: 'active',
      invitation: { by: { id: prov } },
    });
  });

  it('refuses unknown accounts and same-kind partners; other tenants see nothing', async () => {
    const bad = await t.call(vendor, { method: 'POST', url: `${API}/partners`, payload: { id: t.demo.other.id } });
    expect(bad.json().errors).toEqual(['id: a vendor partners with providers only.']);
    expect(
      (await t.call(vendor, { method: 'POST', url: `${API}/partners`, payload: { id: 'PA-000-000' } })).json().errors,
    ).toEqual(['id: account PA-000-000 does not exist.']);
    expect((await t.call(vendor, { method: 'POST', url: `${API}/partners`, payload: {} })).json().errors).toEqual([
      'id: This field is required',
    ]);
    expect(await ok(t, other, 'GET', '/partners')).toEqual([]);
    expect((await t.call(other, { method: 'GET', url: `${API}/partners/${t.demo.provider.id}` })).statusCode).toBe(404);
    expect(
      (await t.call(other, { method: 'POST', url: `${API}/partners/${t.demo.vendor.id}/remove` })).statusCode,
    ).toBe(404);
  });
});

describe('marketplaces and hubs', () => {
  it('a provider creates a marketplace with countries, currency and hubs; bad input is a 400 naming the field', async () => {
    const { hub, mp } = await marketplaceWithHub(t, provider, 'Central Europe');
    expect(mp.id).toMatch(/^MP-\d{5}$/);
    expect(hub.id).toMatch(/^HB-\d{4}-\d{4}$/);
    expect(mp).toMatchObject({
      owner: { id: t.demo.provider.id, name: 'Demo Provider' },
      currency: 'EUR',
      zone: 'EU',
      countries: [
        { id: 'DE', name: 'Germany' },
        { id: 'AT', name: 'Austria' },
      ],
      hubs: [{ hub: { id: hub.id, name: hub.name }, external_id: 'ext-1' }],
      stats: { listings: 0, hubs: 1 },
    });
    expect(mp).not.toHaveProperty('icon');
    expect(marketplaceHasNoCountry(mp)).toBe(false);
    const bad = async (payload: object) =>
      (await t.call(provider, { method: 'POST', url: `${API}/marketplaces`, payload })).json().errors;
    expect(await bad({})).toEqual(['name: This field is required']);
    expect(await bad({ name: 'X', countries: [{ id: 'ZZ' }] })).toEqual(['countries: country ZZ does not exist.']);
    expect(await bad({ name: 'X', currency: 'EURO' })).toEqual([
      'currency: currency must be an ISO 4217 currency code',
    ]);
    expect(await bad({ name: 'X', hubs: [{ hub: { id: 'HB-0000-0000' } }] })).toEqual([
      'hubs: hub HB-0000-0000 does not exist.',
    ]);
    expect(
      (await t.call(vendor, { method: 'POST', url: `${API}/marketplaces`, payload: { name: 'Mine' } })).statusCode,
    ).toBe(403);
    expect((await t.call(vendor, { method: 'POST', url: `${API}/hubs`, payload: { name: 'Mine' } })).statusCode).toBe(
      403,
    );
  });

  it('a marketplace without a country exposes an empty list, which the portal answers with the spec §8 message', async () => {
    const mp = await ok(t, provider, 'POST', '/marketplaces', { name: 'Nowhere' });
    expect(mp.countries).toEqual([]);
    expect(marketplaceHasNoCountry(mp)).toBe(true);
    expect(MARKETPLACE_NO_COUNTRY).toBe(
      'This Marketplace is not configured properly (no country assigned). Please contact support.',
    );
    const fixed = await ok(t, provider, 'PUT', `/marketplaces/${mp.id}`, { countries: [{ id: 'FR' }] });
    expect(fixed.countries).toEqual([{ id: 'FR', name: 'France' }]);
    await ok(t, provider, 'DELETE', `/marketplaces/${mp.id}`, undefined, 204);
  });

  it('the owner uploads an icon; others cannot', async () => {
    const mp = await ok(t, provider, 'POST', '/marketplaces', { name: 'With icon', countries: [{ id: 'ES' }] });
    const form = iconForm('mp.png', PNG);
    const res = await t.call(provider, {
      method: 'POST',
      url: `${API}/marketplaces/${mp.id}/icon`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const icon = res.json().icon;
    expect(icon).toMatch(/^\/public\/v1\/files\/FL-/);
    expect((await t.app.inject({ method: 'GET', url: icon })).rawPayload.equals(PNG)).toBe(true);
    const wrong = iconForm('mp.txt', PNG);
    const bad = await t.call(provider, {
      method: 'POST',
      url: `${API}/marketplaces/${mp.id}/icon`,
      payload: wrong.payload,
      headers: wrong.headers,
    });
    expect(bad.json().errors).toEqual(['icon: Wrong file format']);
    const otherTry = await t.call(other, {
      method: 'POST',
      url: `${API}/marketplaces/${mp.id}/icon`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(otherTry.statusCode).toBe(404);
  });

  it('vendors see the marketplaces and hubs of active partners only; others 404', async () => {
    const { hub, mp } = await marketplaceWithHub(t, provider, 'Partners only');
    // the vendor is an active partner (previous tests); the other vendor is not
    expect((await ok(t, vendor, 'GET', `/marketplaces/${mp.id}`)).name).toBe('Partners only');
    expect((await ok(t, vendor, 'GET', `/hubs/${hub.id}`)).company.id).toBe(t.demo.provider.id);
    expect(
      (await t.call(vendor, { method: 'PUT', url: `${API}/marketplaces/${mp.id}`, payload: { name: 'Mine' } }))
        .statusCode,
    ).toBe(403);
    for (const url of [
      `/marketplaces/${mp.id}`,
      `/hubs/${hub.id}`,
      `/hubs/${hub.id}/marketplaces`,
      `/hubs/${hub.id}/connections`,
    ]) {
      expect((await t.call(other, { method: 'GET', url: `${API}${url}` })).statusCode, url).toBe(404);
    }
    for (const [method, url] of [
      ['PUT', `/marketplaces/${mp.id}`],
      ['DELETE', `/marketplaces/${mp.id}`],
      ['PUT', `/hubs/${hub.id}`],
      ['DELETE', `/hubs/${hub.id}`],
    ] as const) {
      expect(
        (await t.call(other, { method, url: `${API}${url}`, payload: method === 'PUT' ? { name: 'x' } : undefined }))
          .statusCode,
        url,
      ).toBe(404);
    }
    expect(await ok(t, other, 'GET', '/marketplaces')).toEqual([]);
    expect(await ok(t, other, 'GET', '/hubs')).toEqual([]);
  });

  it('a hub lists its marketplaces with their external ids and counts them; a used hub cannot be deleted', async () => {
    const { hub, mp } = await marketplaceWithHub(t, provider, 'Hub stats');
    expect(await ok(t, provider, 'GET', `/hubs/${hub.id}/marketplaces`)).toEqual([
      { id: mp.id, name: 'Hub stats', description: 'Resellers', external_id: 'ext-1' },
    ]);
    expect(await ok(t, provider, 'GET', `/hubs/${hub.id}/marketplaces/${mp.id}`)).toMatchObject({
      external_id: 'ext-1',
    });
    expect((await ok(t, provider, 'GET', `/hubs/${hub.id}`)).stats).toEqual({ connections: 0, marketplaces: 1 });
    expect((await t.call(provider, { method: 'DELETE', url: `${API}/hubs/${hub.id}` })).json().errors).toEqual([
      `Hub ${hub.id} is used by a marketplace; remove it from the marketplace first.`,
    ]);
    await ok(t, provider, 'PUT', `/marketplaces/${mp.id}`, { hubs: [] });
    const renamed = await ok(t, provider, 'PUT', `/hubs/${hub.id}`, { name: 'Renamed hub', instance_type: 'OA' });
    expect(renamed.instance).toEqual({ id: 'cb-1', type: 'OA' });
    await ok(t, provider, 'DELETE', `/hubs/${hub.id}`, undefined, 204);
  });
});

describe('connections', () => {
  it("a production connection lets the hub's provider read the product; test connections do not; revoking ends it", async () => {
    const product = await publishedProduct(t, vendor, 'Connected Product');
    const { hub } = await marketplaceWithHub(t, provider, 'Connections');
    const url = `/products/${product.id}/connections`;
    const test = await ok(t, vendor, 'POST', url, { hub: { id: hub.id }, type: 'test' });
    expect(test).toMatchObject({
      type: 'test',
      status: 'active',
      provider: { id: t.demo.provider.id },
      vendor: { id: t.demo.vendor.id },
      hub: { id: hub.id },
    });
    expect(test.id).toMatch(/^CT-\d{4}-\d{4}-\d{4}$/);
    expect((await t.call(provider, { method: 'GET', url: `${API}/products/${product.id}` })).statusCode).toBe(404);
    const prod = await ok(t, vendor, 'POST', url, { hub: { id: hub.id }, type: 'production', note: 'go live' });
    expect((await ok(t, provider, 'GET', `/products/${product.id}`)).name).toBe('Connected Product');
    expect(
      (await t.call(provider, { method: 'PUT', url: `${API}/products/${product.id}`, payload: { name: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ok(t, provider, 'GET', `/hubs/${hub.id}/connections?ordering(type)`)).map((c: any) => c.type),
    ).toEqual(['production', 'test']);
    expect((await ok(t, provider, 'GET', `/hubs/${hub.id}`)).stats.connections).toBe(2);
    const dup = await t.call(vendor, {
      method: 'POST',
      url: `${API}${url}`,
      payload: { hub: { id: hub.id }, type: 'production' },
    });
    expect(dup.statusCode).toBe(409);
    expect(
      (await t.call(provider, { method: 'PUT', url: `${API}${url}/${prod.id}`, payload: { note: 'mine' } })).statusCode,
    ).toBe(403);
    expect((await ok(t, vendor, 'PUT', `${url}/${prod.id}`, { note: 'updated' })).note).toBe('updated');
    // others see none of it
    expect((await t.call(other, { method: 'GET', url: `${API}${url}` })).statusCode).toBe(404);
    expect((await t.call(other, { method: 'POST', url: `${API}${url}/${prod.id}/revoke` })).statusCode).toBe(404);
    // the provider revokes; it no longer reads the product
    expect((await ok(t, provider, 'POST', `${url}/${prod.id}/revoke`)).status).toBe('revoked');
    expect((await t.call(provider, { method: 'GET', url: `${API}/products/${product.id}` })).statusCode).toBe(404);
    expect((await t.call(vendor, { method: 'POST', url: `${API}${url}/${prod.id}/revoke` })).json().errors).toEqual([
      "Action 'revoke' is not allowed in status 'revoked'.",
    ]);
    // a hub with connections stays
    expect((await t.call(provider, { method: 'DELETE', url: `${API}/hubs/${hub.id}` })).statusCode).toBe(400);
  });

  it('refuses hubs of non-partners, unknown hubs, draft products in production and bad types', async () => {
    const draft = await ok(t, vendor, 'POST', '/products', { name: 'Draft only' });
    const { hub } = await marketplaceWithHub(t, provider, 'Refusals');
    const post = async (who: Session, productId: string, payload: object) =>
      t.call(who, { method: 'POST', url: `${API}/products/${productId}/connections`, payload });
    expect((await post(vendor, draft.id, { hub: { id: hub.id }, type: 'production' })).json().errors).toEqual([
      `Only a published product can have a production connection; ${draft.id} is draft.`,
    ]);
    expect((await post(vendor, draft.id, { hub: { id: hub.id }, type: 'preview' })).statusCode).toBe(201);
    expect((await post(vendor, draft.id, { hub: { id: hub.id }, type: 'live' })).json().errors).toEqual([
      'type: type must be one of production, test, preview',
    ]);
    expect((await post(vendor, draft.id, { hub: { id: 'HB-0000-0000' }, type: 'test' })).json().errors).toEqual([
      'hub: hub HB-0000-0000 does not exist.',
    ]);
    const otherProduct = await ok(t, other, 'POST', '/products', { name: 'Other product' });
    expect((await post(other, otherProduct.id, { hub: { id: hub.id }, type: 'test' })).json().errors).toEqual([
      `hub: hub ${hub.id} does not exist.`,
    ]);
    // the provider knows the product through its hub's preview connection, yet only the vendor connects it
    expect((await post(provider, draft.id, { hub: { id: hub.id }, type: 'test' })).statusCode).toBe(403);
    expect((await post(provider, otherProduct.id, { hub: { id: hub.id }, type: 'test' })).statusCode).toBe(404);
  });
});
