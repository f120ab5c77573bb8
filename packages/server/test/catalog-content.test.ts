import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { substitutePlaceholders } from '@trellis/domain';
import { renderTemplate } from '../src/modules/catalog/content/render.ts';
import { setRequestContextLoader } from '../src/modules/catalog/content/templates.ts';
import type { Session, TestApp } from './helpers.ts';
import { buildVersion as build, createProduct, openTenants, linkToProvider as link } from './tenants.ts';

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
afterEach(() => setRequestContextLoader(null));

const P = '/public/v1/products';
const newProduct = (name = 'Content Product') =>
  createProduct(t, vendor, name) as Promise<{ id: string; name: string }>;
const linkToProvider = (productId: string) => link(t, productId);
async function post(who: Session, url: string, payload: unknown) {
  return t.call(who, { method: 'POST', url, payload: payload as any });
}
const buildVersion = async (productId: string) => (await build(t, vendor, productId)).version as number;
/** A product parameter as the parameters area stores it (only what previews read). */
async function addParameter(productId: string, name: string, title: string, scope = 'asset', position = 1) {
  const at = new Date().toISOString();
  const id = `PRM-${productId.slice(4)}-${String(position).padStart(4, '0')}`;
  await t.db
    .insertInto('product_parameters')
    .values({
      id,
      product_id: productId,
      account_id: t.demo.vendor.id,
      name,
      title,
      type: 'text',
      phase: 'ordering',
      scope,
      position,
      created_at: at,
      updated_at: at,
      data: JSON.stringify({ id, name, title, type: 'text', phase: 'ordering', scope, position }),
    })
    .execute();
}

describe('placeholder substitution', () => {
  const ctx = {
    id: 'PR-1',
    asset: {
      id: 'AS-1',
      params: [
        { id: 'PRM-1', name: 'seats', value: '10' },
        { id: 'PRM-2', name: 'address', value: { line1: 'Main St 1', city: 'Oslo', postal_code: '' } },
        { id: 'PRM-3', name: 'features', value: { backup: true, sso: false, audit: true } },
      ],
      tiers: { customer: { name: 'ACME' } },
    },
    tier_config: { params: [{ id: 'PRM-9', name: 'reseller_code', value: 'R-77' }] },
  };

  it('walks objects by key and arrays by id or name; single names fall back to asset then tier parameters', () => {
    expect(substitutePlaceholders('{{ asset.params.seats.value }} seats for {{asset.tiers.customer.name}}', ctx)).toBe(
      '10 seats for ACME',
    );
    expect(substitutePlaceholders('{{ asset.params.PRM-1.value }}/{{ seats }}/{{ reseller_code }}/{{ id }}', ctx)).toBe(
      '10/10/R-77/PR-1',
    );
  });

  it('reads structured values as their parts and leaves unknown placeholders empty', () => {
    expect(substitutePlaceholders('{{ address }}', ctx)).toBe('Main St 1, Oslo');
    expect(substitutePlaceholders('{{ features }}', ctx)).toBe('backup, audit');
    expect(substitutePlaceholders('[{{ nope }}][{{ asset.missing.deep }}] {{ not a placeholder', ctx)).toBe(
      '[][] {{ not a placeholder',
    );
  });

  it('renders Markdown to HTML with raw HTML and script links neutralised', () => {
    const r = renderTemplate(
      {
        name: 'T',
        title: 'Hello {{ seats }}',
        body: '# Seats: {{ seats }}\n\n<script>alert(1)</script> [x](javascript:alert(1))',
      },
      ctx,
    );
    expect(r.title).toBe('Hello 10');
    expect(r.body).toContain('# Seats: 10');
    expect(r.html).toContain('<h1>Seats: 10</h1>');
    expect(r.html).toContain('&lt;script&gt;');
    expect(r.html).not.toContain('<script>');
    expect(r.html).not.toContain('href="javascript:');
  });
});

describe('templates', () => {
  it('are created with reference defaults, validated, listed with filters, updated and deleted', async () => {
    const p = await newProduct();
    const url = `${P}/${p.id}/templates`;
    const res = await post(vendor, url, { name: 'Activation', body: 'Welcome' });
    expect(res.statusCode, res.body).toBe(201);
    const tl = res.json();
    expect(tl).toMatchObject({
      name: 'Activation',
      title: 'Activation',
      body: 'Welcome',
      scope: 'asset',
      type: 'fulfillment',
      position: 1,
    });
    expect(tl.id).toMatch(/^TL-\d{3}-\d{3}-\d{3}$/);
    expect(tl.events.created.by.id).toBeTruthy();

    const bad = await post(vendor, url, { name: ' ', scope: 'planet', type: 'other' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      'name: This field is required',
      'scope: Must be one of: asset, tier1, tier2',
      'type: Must be one of: fulfillment, inquire, pending',
    ]);

    expect((await post(vendor, url, { name: 'Far', position: 1e12 })).json().errors).toEqual([
      'position: Must be at most 4294967295',
    ]);
    await post(vendor, url, { name: 'Tier inquiry', scope: 'tier1', type: 'inquire' });
    await post(vendor, url, { name: 'Pending note', type: 'pending' });
    const tier = await t.call(vendor, { method: 'GET', url: `${url}?eq(scope,tier1)` });
    expect(tier.json().map((x: any) => x.name)).toEqual(['Tier inquiry']);
    const all = await t.call(vendor, { method: 'GET', url });
    expect(all.headers['content-range']).toBe('items 0-2/3');
    expect(all.json().map((x: any) => x.position)).toEqual([1, 2, 3]);
    expect((await t.call(vendor, { method: 'GET', url: `${url}?in(type,(pending,inquire))` })).json()).toHaveLength(2);

    const upd = await t.call(vendor, {
      method: 'PUT',
      url: `${url}/${tl.id}`,
      payload: { name: 'Activation v2', body: 'Hi {{ seats }}' },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ name: 'Activation v2', body: 'Hi {{ seats }}', scope: 'asset' });
    expect((await t.call(vendor, { method: 'DELETE', url: `${url}/${tl.id}` })).statusCode).toBe(204);
    expect((await t.call(vendor, { method: 'GET', url: `${url}/${tl.id}` })).statusCode).toBe(404);
  });

  it('render substitutes a request the fulfillment area provides; preview uses parameter titles as sample values', async () => {
    const p = await newProduct('Rendered');
    await addParameter(p.id, 'seats', 'Number of seats', 'asset', 1);
    await addParameter(p.id, 'reseller_code', 'Reseller code', 'tier1', 2);
    const tl = (
      await post(vendor, `${P}/${p.id}/templates`, {
        name: 'Activation',
        body: '# Welcome {{ asset.tiers.customer.name }}\n\nSeats: **{{ seats }}**, code {{ reseller_code }}, asset {{ asset.id }}',
      })
    ).json();
    const base = `${P}/${p.id}/templates/${tl.id}`;

    const preview = await t.call(vendor, { method: 'GET', url: `${base}/preview` });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toBe(
      '# Welcome Sample Customer\n\nSeats: **Number of seats**, code Reseller code, asset AS-0000-0000-0000',
    );
    const html = await t.call(vendor, { method: 'GET', url: `${base}/preview?format=html` });
    expect(html.json()).toContain('<h1>Welcome Sample Customer</h1>');
    expect(html.json()).toContain('<strong>Number of seats</strong>');
    expect((await t.call(vendor, { method: 'GET', url: `${base}/preview?format=pdf` })).json().errors).toEqual([
      'format: Must be one of: markdown, html',
    ]);

    const noId = await t.call(vendor, { method: 'GET', url: `${base}/render` });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors).toEqual(['request_id: This field is required']);
    expect((await t.call(vendor, { method: 'GET', url: `${base}/render?request_id=PR-1` })).statusCode).toBe(404);

    setRequestContextLoader(async (_db, _ctx, id) =>
      id === 'PR-1111-2222-3333-001'
        ? {
            id,
            asset: {
              id: 'AS-1111-2222-3333',
              params: [{ id: 'PRM-X', name: 'seats', value: '25' }],
              tiers: { customer: { name: 'ACME Corp' } },
            },
          }
        : null,
    );
    const rendered = await t.call(vendor, { method: 'GET', url: `${base}/render?request_id=PR-1111-2222-3333-001` });
    expect(rendered.statusCode, rendered.body).toBe(200);
    expect(rendered.headers['content-type']).toBe('application/json');
    expect(rendered.json()).toBe('# Welcome ACME Corp\n\nSeats: **25**, code , asset AS-1111-2222-3333');
    expect((await t.call(vendor, { method: 'GET', url: `${base}/render?request_id=PR-9` })).statusCode).toBe(404);
  });
});

describe('product actions, messages and guidelines', () => {
  it('actions need their fields, keep the action id unique and take https links', async () => {
    const p = await newProduct('Actions');
    const url = `${P}/${p.id}/actions`;
    const missing = await post(vendor, url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      'action: This field is required',
      'name: This field is required',
      'description: This field is required',
      'type: This field is required',
      'scope: This field is required',
    ]);
    const body = {
      action: 'open_console',
      name: 'Open console',
      description: 'Manage the service',
      type: 'button',
      scope: 'asset',
      url: 'https://vendor.example/console',
    };
    const res = await post(vendor, url, body);
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({ ...body, title: 'Open console' });
    expect(a.id).toMatch(/^PRA-\d{3}-\d{3}-\d{3}$/);
    const dup = await post(vendor, url, body);
    expect(dup.json().errors).toEqual(["action: An action 'open_console' already exists in this product."]);
    const http = await post(vendor, url, { ...body, action: 'plain', url: 'http://vendor.example' });
    expect(http.json().errors).toEqual(['url: Wrong URL protocol, "https" expected.']);
    await post(vendor, url, { ...body, action: 'tier_report', scope: 'tier1', type: 'link' });
    expect(
      (await t.call(vendor, { method: 'GET', url: `${url}?eq(scope,tier1)` })).json().map((x: any) => x.action),
    ).toEqual(['tier_report']);
    const upd = await t.call(vendor, {
      method: 'PUT',
      url: `${url}/${a.id}`,
      payload: { description: 'Console access' },
    });
    expect(upd.json()).toMatchObject({ description: 'Console access', action: 'open_console' });
    const clash = await t.call(vendor, { method: 'PUT', url: `${url}/${a.id}`, payload: { action: 'tier_report' } });
    expect(clash.statusCode).toBe(400);
    expect((await t.call(vendor, { method: 'DELETE', url: `${url}/${a.id}` })).statusCode).toBe(204);
  });

  it('messages map an external code to a text, unique per product, with the product summary', async () => {
    const p = await newProduct('Messages');
    const url = `${P}/${p.id}/messages`;
    const res = await post(vendor, url, { external_id: 'E_QUOTA', value: 'Your quota is exhausted' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      external_id: 'E_QUOTA',
      value: 'Your quota is exhausted',
      auto: false,
      product: { id: p.id, name: 'Messages', status: 'draft' },
    });
    expect((await post(vendor, url, { external_id: 'E_QUOTA', value: 'again' })).json().errors).toEqual([
      "external_id: A message for 'E_QUOTA' already exists in this product.",
    ]);
    const long = await post(vendor, url, { external_id: 'x'.repeat(129), value: '' });
    expect(long.json().errors).toEqual([
      'external_id: Input must be at most 128 characters',
      'value: This field is required',
    ]);
    await post(vendor, url, { external_id: 'E_AUTO', value: 'Seen in validation', auto: true });
    expect(
      (await t.call(vendor, { method: 'GET', url: `${url}?eq(auto,true)` })).json().map((m: any) => m.external_id),
    ).toEqual(['E_AUTO']);
    expect((await t.call(vendor, { method: 'GET', url: `${url}?like(value,*quota*)` })).json()).toHaveLength(1);
    // the summary follows the product
    await t.call(vendor, { method: 'PUT', url: `${P}/${p.id}`, payload: { name: 'Messages renamed' } });
    const got = await t.call(vendor, { method: 'GET', url: `${url}/${res.json().id}` });
    expect(got.json().product.name).toBe('Messages renamed');
    const upd = await t.call(vendor, {
      method: 'PUT',
      url: `${url}/${res.json().id}`,
      payload: { external_id: 'E_QUOTA', value: 'Quota exhausted' },
    });
    expect(upd.json().value).toBe('Quota exhausted');
    expect((await t.call(vendor, { method: 'DELETE', url: `${url}/${res.json().id}` })).statusCode).toBe(204);
  });

  it('guidelines are ordered Markdown documents', async () => {
    const p = await newProduct('Guides');
    const url = `${P}/${p.id}/guidelines`;
    const a = (await post(vendor, url, { name: 'Getting started', body: '# Start' })).json();
    const b = (await post(vendor, url, { name: 'Billing', body: 'Monthly', position: 0 })).json();
    expect(a).toMatchObject({ name: 'Getting started', body: '# Start', position: 1 });
    expect((await t.call(vendor, { method: 'GET', url })).json().map((g: any) => g.id)).toEqual([b.id, a.id]);
    expect((await post(vendor, url, { body: 'x' })).json().errors).toEqual(['name: This field is required']);
    expect((await post(vendor, url, { name: 'x', position: 2 ** 40 })).json().errors).toEqual([
      'position: Must be at most 2147483647',
    ]);
    const upd = await t.call(vendor, { method: 'PUT', url: `${url}/${a.id}`, payload: { body: '# Start here' } });
    expect(upd.json().body).toBe('# Start here');
    expect((await t.call(vendor, { method: 'DELETE', url: `${url}/${b.id}` })).statusCode).toBe(204);
  });
});

describe('categories', () => {
  it('are a read-only tree every account reads, filterable by parent and family', async () => {
    const roots = await t.call(vendor, { method: 'GET', url: '/public/v1/categories?null(parent.id)' });
    expect(roots.statusCode, roots.body).toBe(200);
    expect(
      roots
        .json()
        .map((c: any) => c.name)
        .sort(),
    ).toEqual(['Communications', 'Hardware', 'Infrastructure', 'Software']);
    const security = await t.call(provider, { method: 'GET', url: '/public/v1/categories/CAT-00012' });
    expect(security.json()).toMatchObject({
      id: 'CAT-00012',
      name: 'Security',
      parent: { id: 'CAT-00001', name: 'Software' },
      family: { id: 'FAM-00001', name: 'Software' },
    });
    expect(security.json().children.map((c: any) => c.name)).toEqual([
      'Endpoint Protection',
      'Identity & Access Management',
      'Backup & Recovery',
    ]);
    const children = await t.call(other, { method: 'GET', url: '/public/v1/categories?eq(parent.id,CAT-00012)' });
    expect(children.json()).toHaveLength(3);
    expect(
      (await t.call(vendor, { method: 'GET', url: '/public/v1/categories?eq(family.id,FAM-00002)' })).json(),
    ).toHaveLength(5);
    expect((await t.call(vendor, { method: 'GET', url: '/public/v1/categories/CAT-99999' })).statusCode).toBe(404);
    expect((await post(vendor, '/public/v1/categories', { name: 'Mine' })).statusCode).toBe(404);
    expect((await t.call(null, { method: 'GET', url: '/public/v1/categories' })).statusCode).toBe(401);
  });
});

describe('versions freeze content', () => {
  it('templates, actions and guidelines read under /versions/{v} as they were when built', async () => {
    const p = await newProduct('Frozen');
    const tl = (await post(vendor, `${P}/${p.id}/templates`, { name: 'Activation', body: 'v1 body' })).json();
    const pa = (
      await post(vendor, `${P}/${p.id}/actions`, {
        action: 'go',
        name: 'Go',
        description: 'd',
        type: 'link',
        scope: 'asset',
      })
    ).json();
    const gl = (await post(vendor, `${P}/${p.id}/guidelines`, { name: 'Guide', body: 'v1' })).json();
    const v = await buildVersion(p.id);
    expect(v).toBe(1);
    await t.call(vendor, { method: 'PUT', url: `${P}/${p.id}/templates/${tl.id}`, payload: { body: 'v2 body' } });
    await t.call(vendor, { method: 'DELETE', url: `${P}/${p.id}/actions/${pa.id}` });
    await post(vendor, `${P}/${p.id}/guidelines`, { name: 'Added later' });

    const vt = await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1/templates` });
    expect(vt.statusCode, vt.body).toBe(200);
    expect(vt.json().map((x: any) => x.body)).toEqual(['v1 body']);
    expect(
      (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1/templates/${tl.id}` })).json().body,
    ).toBe('v1 body');
    expect(
      (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1/actions` })).json().map((x: any) => x.id),
    ).toEqual([pa.id]);
    expect(
      (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1/guidelines` })).json().map((x: any) => x.id),
    ).toEqual([gl.id]);
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/templates/${tl.id}` })).json().body).toBe(
      'v2 body',
    );
    // frozen copies are read-only
    expect(
      (
        await t.call(vendor, {
          method: 'PUT',
          url: `${P}/${p.id}/versions/1/templates/${tl.id}`,
          payload: { body: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await post(vendor, `${P}/${p.id}/versions/1/templates`, { name: 'x' })).statusCode).toBe(404);
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/7/templates` })).json()).toEqual([]);
  });
});

describe('isolation', () => {
  it('Other Vendor gets 404 everywhere; a linked provider reads and is refused writes with 403', async () => {
    const p = await newProduct('Isolated');
    const tl = (await post(vendor, `${P}/${p.id}/templates`, { name: 'Activation', body: 'Hi' })).json();
    const pa = (
      await post(vendor, `${P}/${p.id}/actions`, {
        action: 'go',
        name: 'Go',
        description: 'd',
        type: 'link',
        scope: 'asset',
      })
    ).json();
    const pm = (await post(vendor, `${P}/${p.id}/messages`, { external_id: 'E1', value: 'Err' })).json();
    const gl = (await post(vendor, `${P}/${p.id}/guidelines`, { name: 'Guide' })).json();
    await buildVersion(p.id);
    const objects = [
      ['templates', tl.id, { name: 'x' }],
      ['actions', pa.id, { name: 'x' }],
      ['messages', pm.id, { value: 'x' }],
      ['guidelines', gl.id, { name: 'x' }],
    ] as const;

    for (const who of [other, provider]) {
      const expectWrite = who === other ? 404 : 403;
      const expectRead = who === other ? 404 : 200;
      for (const [kind, id, payload] of objects) {
        const base = `${P}/${p.id}/${kind}`;
        expect((await t.call(who, { method: 'GET', url: base })).statusCode, `${kind} list`).toBe(expectRead);
        expect((await t.call(who, { method: 'GET', url: `${base}/${id}` })).statusCode, `${kind} get`).toBe(expectRead);
        expect((await post(who, base, payload)).statusCode, `${kind} create`).toBe(expectWrite);
        expect((await t.call(who, { method: 'PUT', url: `${base}/${id}`, payload })).statusCode, `${kind} update`).toBe(
          expectWrite,
        );
        expect((await t.call(who, { method: 'DELETE', url: `${base}/${id}` })).statusCode, `${kind} delete`).toBe(
          expectWrite,
        );
      }
      expect((await t.call(who, { method: 'GET', url: `${P}/${p.id}/templates/${tl.id}/preview` })).statusCode).toBe(
        expectRead,
      );
      expect((await t.call(who, { method: 'GET', url: `${P}/${p.id}/versions/1/templates` })).statusCode).toBe(
        expectRead,
      );
      if (who === other) await linkToProvider(p.id);
    }
    // the provider's failed writes changed nothing
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/templates/${tl.id}` })).json().name).toBe(
      'Activation',
    );
  });
});
