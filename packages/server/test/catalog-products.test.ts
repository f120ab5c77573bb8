import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import type { Session, TestApp } from './helpers.ts';
import { openTenants, createProduct, linkToProvider as link } from './tenants.ts';

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;
beforeAll(async () => {
  ({ t, vendor, provider, other } = await openTenants());
});
afterAll(async () => {
  await t?.close();
});

const P = '/public/v1/products';
const newProduct = (name = 'Cloud Backup') => createProduct(t, vendor, name, { short_description: 'Backups' });
/** Give the provider sight of a product, as a listing will once distribution exists (DESIGN §13). */
const linkToProvider = (productId: string) => link(t, productId);

describe('products', () => {
  it('a vendor creates a draft product with defaults; name is required', async () => {
    const p = await newProduct();
    expect(p).toMatchObject({
      status: 'draft',
      version: 0,
      owner: { id: t.demo.vendor.id },
      configurations: { suspend_resume_supported: true },
    });
    expect(p.id).toMatch(/^PRD-\d{3}-\d{3}-\d{3}$/);
    const bad = await t.call(vendor, { method: 'POST', url: P, payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['name: This field is required']);
  });

  it('checks the category exists and stores its name', async () => {
    const cats = (await t.call(vendor, { method: 'GET', url: '/public/v1/categories?limit=1' })).json();
    const ok = await t.call(vendor, {
      method: 'POST',
      url: P,
      payload: { name: 'Categorised', category: { id: cats[0].id } },
    });
    expect(ok.json().category).toEqual({ id: cats[0].id, name: cats[0].name });
    const bad = await t.call(vendor, {
      method: 'PUT',
      url: `${P}/${ok.json().id}`,
      payload: { category: { id: 'CAT-00000' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['category: category CAT-00000 does not exist.']);
  });

  it('providers cannot create products', async () => {
    const res = await t.call(provider, { method: 'POST', url: P, payload: { name: 'Nope' } });
    expect(res.statusCode).toBe(403);
  });

  it('a provider sees a linked product read-only; other tenants see nothing', async () => {
    const p = await newProduct('Linked Product');
    expect((await t.call(provider, { method: 'GET', url: `${P}/${p.id}` })).statusCode).toBe(404);
    await linkToProvider(p.id);
    const seen = await t.call(provider, { method: 'GET', url: `${P}/${p.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().name).toBe('Linked Product');
    expect(
      (await t.call(provider, { method: 'PUT', url: `${P}/${p.id}`, payload: { name: 'Mine now' } })).statusCode,
    ).toBe(403);
    expect((await t.call(provider, { method: 'DELETE', url: `${P}/${p.id}` })).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', `${P}/${p.id}`],
      ['PUT', `${P}/${p.id}`],
      ['DELETE', `${P}/${p.id}`],
      ['POST', `${P}/${p.id}/endsale`],
      ['GET', `${P}/${p.id}/versions`],
      ['POST', `${P}/${p.id}/versions`],
    ] as const) {
      expect(
        (await t.call(other, { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} }))
          .statusCode,
        `${method} ${url}`,
      ).toBe(404);
    }
    const list = await t.call(other, { method: 'GET', url: `${P}?eq(id,${p.id})` });
    expect(list.json()).toEqual([]);
  });

  it('builds versions in the background: building, then ready; the first build publishes the product', async () => {
    const p = await newProduct('Versioned');
    const start = await t.call(vendor, {
      method: 'POST',
      url: `${P}/${p.id}/versions`,
      payload: { changes_description: 'First release' },
    });
    expect(start.statusCode, start.body).toBe(201);
    expect(start.json()).toMatchObject({ version: 1, build: { status: 'building' } });
    const again = await t.call(vendor, { method: 'POST', url: `${P}/${p.id}/versions`, payload: {} });
    expect(again.statusCode).toBe(409);
    await runDueJobs(t.db);
    const latest = await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions?limit=1&ordering(-version)` });
    expect(latest.json()[0]).toMatchObject({
      version: 1,
      build: { status: 'ready' },
      latest: true,
      public: true,
      changes_description: 'First release',
    });
    const product = (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}` })).json();
    expect(product).toMatchObject({ status: 'published', version: 1 });
    expect(product.published_at).toBeTruthy();
    // a second version; the first is no longer the latest and cannot be edited
    await t.call(vendor, { method: 'PUT', url: `${P}/${p.id}`, payload: { short_description: 'Better backups' } });
    await t.call(vendor, { method: 'POST', url: `${P}/${p.id}/versions`, payload: { changes_description: 'Second' } });
    await runDueJobs(t.db);
    const v1 = (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1` })).json();
    expect(v1).toMatchObject({ latest: false, short_description: 'Backups' });
    const v2 = (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/2` })).json();
    expect(v2).toMatchObject({ latest: true, short_description: 'Better backups' });
    const edit = await t.call(vendor, {
      method: 'PUT',
      url: `${P}/${p.id}/versions/1`,
      payload: { changes_description: 'rewrite history' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors[0]).toContain('Only the latest version (2)');
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/abc` })).statusCode).toBe(404);
  });

  it('end of sale and resume follow the state machine', async () => {
    const p = await newProduct('Lifecycle');
    const early = await t.call(vendor, { method: 'POST', url: `${P}/${p.id}/endsale`, payload: {} });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual(["Action 'endsale' is not allowed in status 'draft'."]);
    await t.call(vendor, { method: 'POST', url: `${P}/${p.id}/versions`, payload: {} });
    await runDueJobs(t.db);
    const ended = await t.call(vendor, {
      method: 'POST',
      url: `${P}/${p.id}/endsale`,
      payload: { end_of_sale_notes: 'Replaced soon' },
    });
    expect(ended.json()).toMatchObject({ status: 'endofsale', end_of_sale_notes: 'Replaced soon' });
    expect((await t.call(vendor, { method: 'DELETE', url: `${P}/${p.id}` })).statusCode).toBe(400);
    const resumed = await t.call(vendor, { method: 'POST', url: `${P}/${p.id}/resumesale` });
    expect(resumed.json()).toMatchObject({ status: 'published' });
    expect(resumed.json()).not.toHaveProperty('end_of_sale_notes');
  });

  it('a draft product can be deleted by its vendor', async () => {
    const p = await newProduct('Short-lived');
    expect((await t.call(vendor, { method: 'DELETE', url: `${P}/${p.id}` })).statusCode).toBe(204);
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${p.id}` })).statusCode).toBe(404);
  });
});
