import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentLabel, itemDefaults, periodLabel, quantityLabel } from '@trellis/domain';
import type { Session, TestApp } from './helpers.ts';
import { openTenants, createProduct, buildVersion as build, linkToProvider as link } from './tenants.ts';

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
const newProduct = (name = 'Cloud Backup') => createProduct(t, vendor, name);
async function addItem(productId: string, payload: Record<string, unknown>) {
  const res = await t.call(vendor, { method: 'POST', url: `${P}/${productId}/items`, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const buildVersion = (productId: string) => build(t, vendor, productId);
const put = (url: string, payload: unknown, who = vendor) =>
  t.call(who, { method: 'PUT', url, payload: payload as object });
const post = (url: string, payload: unknown = {}, who = vendor) =>
  t.call(who, { method: 'POST', url, payload: payload as object });

describe('item labels and defaults (shared with the portal)', () => {
  it('labels periods, commitments and quantities as the spec shows them', () => {
    expect([periodLabel('monthly'), periodLabel('years_3'), periodLabel('onetime')]).toEqual([
      'Recurring',
      'Recurring',
      'Perpetual',
    ]);
    expect([commitmentLabel(12), commitmentLabel(1), commitmentLabel(undefined)]).toEqual(['12 commitment', '', '']);
    expect([quantityLabel(-1), quantityLabel(5)]).toEqual(['Unlimited', '5']);
    expect(itemDefaults('ppu')).toMatchObject({
      commitment: { count: 1 },
      period: 'monthly',
      precision: 'decimal(1)',
      unit: { id: 'unith' },
      ui: { visibility: true },
      quantity: -1,
    });
    expect(itemDefaults('reservation')).toMatchObject({ precision: 'integer', unit: { id: 'unit' } });
  });
});

describe('items: creation and defaults', () => {
  it('applies the form defaults by type and numbers ids per product', async () => {
    const p = await newProduct();
    const res = await addItem(p.id, { name: 'Backup seat', mpn: 'BK-SEAT', type: 'reservation' });
    expect(res).toMatchObject({
      id: `${p.id}-0001`,
      local_id: '0001',
      status: 'draft',
      type: 'reservation',
      item_type: 'Reservation',
      period: 'monthly',
      commitment: { count: 1 },
      precision: 'integer',
      unit: { id: 'unit', title: 'Units' },
      quantity: -1,
      dynamic: false,
      ui: { visibility: true },
      display_name: 'Backup seat',
      description: '',
      position: 1,
      product: { id: p.id },
    });
    // no group and no parent item
    expect(res).not.toHaveProperty('group');
    expect(res).not.toHaveProperty('parent');
    expect(res.events.created.by.name).toBeTruthy();
    const ppu = await addItem(p.id, { name: 'Storage', mpn: 'BK-GB', type: 'ppu' });
    expect(ppu).toMatchObject({
      id: `${p.id}-0002`,
      type: 'ppu',
      item_type: 'PPU',
      precision: 'decimal(1)',
      unit: { id: 'unith' },
      quantity: -1,
      commitment: { count: 1 },
    });
  });

  it("accepts the reference's spelling of enumerations and answers in lower case", async () => {
    const p = await newProduct();
    const it1 = await addItem(p.id, {
      name: 'Annual',
      mpn: 'A1',
      type: 'Reservation',
      period: 'Yearly',
      precision: 'Integer',
      commitment: { count: 3 },
    });
    expect(it1).toMatchObject({
      type: 'reservation',
      period: 'yearly',
      precision: 'integer',
      commitment: { count: 3 },
    });
    const it2 = await addItem(p.id, {
      name: 'Usage',
      mpn: 'U1',
      type: 'PPU',
      precision: 'Decimal(2)',
      unit: { id: 'gbh' },
    });
    expect(it2).toMatchObject({ type: 'ppu', precision: 'decimal(2)', unit: { id: 'gbh', unit: 'GB-h' } });
    const once = await addItem(p.id, { name: 'Setup', mpn: 'S1', type: 'reservation', period: 'OneTime' });
    expect(once.period).toBe('onetime');
  });

  it('refuses bad input with messages naming the field', async () => {
    const p = await newProduct();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ mpn: 'X', type: 'reservation' }, ['name: This field is required']],
      [{ name: 'X', type: 'reservation' }, ['mpn: This field is required']],
      [{ name: 'X', mpn: 'X' }, ['type: This field is required']],
      [{ name: 'X', mpn: 'X', type: 'bundle' }, ['type: Must be one of: reservation, ppu']],
      [{ name: 'X', mpn: 'X', type: 'reservation', quantity: '1.5' }, ['quantity: Only integers are allowed']],
      [{ name: 'X', mpn: 'X', type: 'reservation', quantity: 'ten' }, ['quantity: Only integers are allowed']],
      [
        { name: 'X', mpn: 'X', type: 'reservation', commitment: { count: 1.5 } },
        ['commitment.count: Only integers are allowed'],
      ],
      [
        { name: 'X', mpn: 'X', type: 'reservation', unit: { id: 'furlongs' } },
        ["unit: Unit 'furlongs' does not exist."],
      ],
      [
        { name: 'X', mpn: 'X', type: 'reservation', group: { id: 'IGR-000-0000' } },
        ["group: Item group 'IGR-000-0000' does not exist in this product."],
      ],
      [
        { name: 'X', mpn: 'X', type: 'ppu', quantity: 10 },
        ["quantity: A pay-per-use item's quantity is unlimited (-1)."],
      ],
      [
        { name: 'X', mpn: 'X', type: 'ppu', period: 'onetime' },
        ['period: A pay-per-use item needs a recurring period.'],
      ],
      [
        { name: 'X', mpn: 'X', type: 'ppu', commitment: { count: 12 } },
        ['commitment.count: A pay-per-use item cannot have a commitment.'],
      ],
      [
        { name: 'X', mpn: 'X', type: 'reservation', precision: 'decimal(2)' },
        ["precision: A reservation item's precision must be integer."],
      ],
      [
        { name: 'X', mpn: 'X', type: 'reservation', dynamic: true },
        ['dynamic: Only pay-per-use items can be dynamic.'],
      ],
      [
        { name: 'X', mpn: 'X', type: 'reservation', period: 'onetime', commitment: { count: 12 } },
        ['commitment.count: A one-time or trial item cannot have a commitment.'],
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await t.call(vendor, { method: 'POST', url: `${P}/${p.id}/items`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    // reservation quantities: a whole number or -1 (unlimited)
    expect((await addItem(p.id, { name: 'Ten', mpn: 'TEN', type: 'reservation', quantity: '10' })).quantity).toBe(10);
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/items` })).json()).toHaveLength(1);
  });

  it('keeps MPNs unique per product', async () => {
    const [a, b] = [await newProduct(), await newProduct()];
    await addItem(a.id, { name: 'One', mpn: 'SAME', type: 'reservation' });
    const dup = await t.call(vendor, {
      method: 'POST',
      url: `${P}/${a.id}/items`,
      payload: { name: 'Two', mpn: 'SAME', type: 'reservation' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual(["mpn: An item with MPN 'SAME' already exists in this product."]);
    await addItem(b.id, { name: 'Elsewhere', mpn: 'SAME', type: 'reservation' });
    const two = await addItem(a.id, { name: 'Two', mpn: 'OTHER', type: 'reservation' });
    const clash = await put(`${P}/${a.id}/items/${two.id}`, { mpn: 'SAME' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual(["mpn: An item with MPN 'SAME' already exists in this product."]);
  });
});

describe('items: updates and type switching', () => {
  it('switching to pay-per-use sets quantity -1 and the pay-per-use unit and precision', async () => {
    const p = await newProduct();
    const item = await addItem(p.id, {
      name: 'Seat',
      mpn: 'SEAT',
      type: 'reservation',
      quantity: 50,
      commitment: { count: 12 },
    });
    const res = await put(`${P}/${p.id}/items/${item.id}`, { type: 'ppu' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'ppu',
      item_type: 'PPU',
      quantity: -1,
      unit: { id: 'unith' },
      precision: 'decimal(1)',
      commitment: { count: 1 },
    });
    const back = await put(`${P}/${p.id}/items/${item.id}`, { type: 'reservation' });
    expect(back.json()).toMatchObject({
      type: 'reservation',
      unit: { id: 'unit' },
      precision: 'integer',
      dynamic: false,
    });
    const explicit = await put(`${P}/${p.id}/items/${item.id}`, {
      type: 'ppu',
      unit: { id: 'gb' },
      precision: 'decimal(4)',
    });
    expect(explicit.json()).toMatchObject({ unit: { id: 'gb' }, precision: 'decimal(4)', quantity: -1 });
    const conflict = await put(`${P}/${p.id}/items/${item.id}`, { quantity: 5 });
    expect(conflict.json().errors).toEqual(["quantity: A pay-per-use item's quantity is unlimited (-1)."]);
  });

  it('updates general fields; the display name follows the name unless set', async () => {
    const p = await newProduct();
    const item = await addItem(p.id, { name: 'Seat', mpn: 'SEAT', type: 'reservation' });
    const renamed = (
      await put(`${P}/${p.id}/items/${item.id}`, {
        name: 'User seat',
        description: 'One per user',
        ui: { visibility: false },
      })
    ).json();
    expect(renamed).toMatchObject({
      name: 'User seat',
      display_name: 'User seat',
      description: 'One per user',
      ui: { visibility: false },
    });
    const shown = (
      await put(`${P}/${p.id}/items/${item.id}`, { display_name: 'Seat (monthly)', name: 'Seat v2' })
    ).json();
    expect(shown).toMatchObject({ name: 'Seat v2', display_name: 'Seat (monthly)' });
    const bad = await put(`${P}/${p.id}/items/${item.id}`, { name: '' });
    expect(bad.json().errors).toEqual(['name: This field is required']);
  });

  it('parents: an item may sit under another, never under itself or its descendants', async () => {
    const p = await newProduct();
    const root = await addItem(p.id, { name: 'Suite', mpn: 'SUITE', type: 'reservation' });
    const child = await addItem(p.id, { name: 'Add-on', mpn: 'ADDON', type: 'reservation', parent: { id: root.id } });
    expect(child).toMatchObject({ parent: { id: root.id, name: 'Suite', status: 'draft' }, depth: 1 });
    expect((await put(`${P}/${p.id}/items/${root.id}`, { parent: { id: root.id } })).json().errors).toEqual([
      'parent: An item cannot be its own parent.',
    ]);
    expect((await put(`${P}/${p.id}/items/${root.id}`, { parent: { id: child.id } })).json().errors).toEqual([
      `parent: Item '${child.id}' is a descendant of this item.`,
    ]);
    const del = await t.call(vendor, { method: 'DELETE', url: `${P}/${p.id}/items/${root.id}` });
    expect(del.statusCode).toBe(400);
  });

  it('filters, orders and searches per the reference', async () => {
    const p = await newProduct();
    await addItem(p.id, { name: 'Bravo', mpn: 'B-1', type: 'reservation' });
    await addItem(p.id, { name: 'Alpha', mpn: 'A-1', type: 'ppu' });
    await addItem(p.id, { name: 'Charlie', mpn: 'C-1', type: 'reservation', period: 'yearly' });
    const list = async (q: string) =>
      (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/items?${q}` })).json().map((i: any) => i.name);
    expect(await list('')).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(await list('ordering(name)')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await list('eq(type,ppu)')).toEqual(['Alpha']);
    expect(await list('eq(item_type,Reservation)&ordering(-name)')).toEqual(['Charlie', 'Bravo']);
    expect(await list('eq(period,yearly)')).toEqual(['Charlie']);
    expect(await list('eq(unit.id,unith)')).toEqual(['Alpha']);
    expect(await list('eq(commitment.count,1)&eq(dynamic,false)')).toHaveLength(3);
    expect(await list('search=c-1')).toEqual(['Charlie']);
    expect(await list('ilike(mpn,a*)')).toEqual(['Alpha']);
    const bad = await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/items?eq(colour,red)` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('items: statuses', () => {
  it('items are published with the product; end of sale and resume follow the machine; only drafts are deleted', async () => {
    const p = await newProduct();
    const item = await addItem(p.id, { name: 'Seat', mpn: 'SEAT', type: 'reservation' });
    const early = await post(`${P}/${p.id}/items/${item.id}/endsale`);
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual(["Action 'endsale' is not allowed in status 'draft'."]);
    expect((await post(`${P}/${p.id}/items/${item.id}/resumesale`)).statusCode).toBe(400);

    await buildVersion(p.id);
    const published = (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/items/${item.id}` })).json();
    expect(published.status).toBe('published');
    expect(published.events.published.at).toBeTruthy();
    // general fields stay editable, type fields do not (a PUT repeating them is fine)
    expect(
      (await put(`${P}/${p.id}/items/${item.id}`, { name: 'Seat+', period: 'monthly', unit: { id: 'unit' } }))
        .statusCode,
    ).toBe(200);
    const locked = await put(`${P}/${p.id}/items/${item.id}`, { period: 'yearly', unit: { id: 'users' } });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().errors).toEqual([
      "period: Only a draft item's period can be changed; this item is published.",
      "unit: Only a draft item's unit can be changed; this item is published.",
    ]);
    const del = await t.call(vendor, { method: 'DELETE', url: `${P}/${p.id}/items/${item.id}` });
    expect(del.statusCode).toBe(400);
    expect(del.json().errors).toEqual(['Only a draft item can be deleted; this one is published.']);

    const next = await addItem(p.id, { name: 'Seat 2', mpn: 'SEAT2', type: 'reservation' });
    expect(next.status).toBe('draft');
    const self = await post(`${P}/${p.id}/items/${item.id}/endsale`, { replacement: { id: item.id } });
    expect(self.json().errors).toEqual(['replacement: An item cannot replace itself.']);
    const ended = await post(`${P}/${p.id}/items/${item.id}/endsale`, {
      replacement: { id: next.id },
      end_of_sale_notes: 'Use Seat 2',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({
      status: 'endofsale',
      replacement: { id: next.id, name: 'Seat 2' },
      end_of_sale_notes: 'Use Seat 2',
    });
    expect(ended.json().events.saleended.at).toBeTruthy();
    expect((await post(`${P}/${p.id}/items/${item.id}/endsale`)).statusCode).toBe(400);
    const filtered = (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/items?eq(status,endofsale)` })).json();
    expect(filtered.map((i: any) => i.id)).toEqual([item.id]);
    const resumed = await post(`${P}/${p.id}/items/${item.id}/resumesale`);
    expect(resumed.json()).toMatchObject({ status: 'published' });
    expect(resumed.json()).not.toHaveProperty('replacement');
    expect(resumed.json()).not.toHaveProperty('end_of_sale_notes');

    expect((await t.call(vendor, { method: 'DELETE', url: `${P}/${p.id}/items/${next.id}` })).statusCode).toBe(204);
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/items/${next.id}` })).statusCode).toBe(404);
  });

  it('sets and unsets the dynamic flag on pay-per-use items only', async () => {
    const p = await newProduct();
    const ppu = await addItem(p.id, { name: 'Usage', mpn: 'USE', type: 'ppu' });
    const res = await addItem(p.id, { name: 'Seat', mpn: 'SEAT', type: 'reservation' });
    expect((await post(`${P}/${p.id}/items/${ppu.id}/dynamic`)).json().dynamic).toBe(true);
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/items?eq(dynamic,true)` })).json()).toHaveLength(
      1,
    );
    expect((await post(`${P}/${p.id}/items/${ppu.id}/undynamic`)).json().dynamic).toBe(false);
    const refused = await post(`${P}/${p.id}/items/${res.id}/dynamic`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['dynamic: Only pay-per-use items can be dynamic.']);
  });
});

describe('items: versions', () => {
  it('a built version freezes the items; the live ones stay editable', async () => {
    const p = await newProduct();
    const item = await addItem(p.id, { name: 'Seat', mpn: 'SEAT', type: 'reservation' });
    await buildVersion(p.id);
    await put(`${P}/${p.id}/items/${item.id}`, { name: 'Seat renamed' });
    await addItem(p.id, { name: 'Later', mpn: 'LATER', type: 'ppu' });
    const v1 = await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1/items` });
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toHaveLength(1);
    expect(v1.json()[0]).toMatchObject({ id: item.id, name: 'Seat', status: 'published' });
    const one = await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1/items/${item.id}` });
    expect(one.json().name).toBe('Seat');
    expect(
      (await t.call(vendor, { method: 'PUT', url: `${P}/${p.id}/versions/1/items/${item.id}`, payload: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
    await buildVersion(p.id);
    const v2 = (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/2/items?eq(type,ppu)` })).json();
    expect(v2).toMatchObject([{ name: 'Later', status: 'published' }]);
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1/items` })).json()[0].name).toBe('Seat');
  });
});

describe('items: tenancy', () => {
  it('Other Vendor gets 404 everywhere; a linked provider reads but cannot write', async () => {
    const p = await newProduct('Tenancy');
    const item = await addItem(p.id, { name: 'Seat', mpn: 'SEAT', type: 'ppu' });
    await buildVersion(p.id);
    const base = `${P}/${p.id}/items`;
    const calls: [string, string, object?][] = [
      ['GET', base],
      ['POST', base, { name: 'X', mpn: 'X', type: 'reservation' }],
      ['GET', `${base}/${item.id}`],
      ['PUT', `${base}/${item.id}`, { name: 'Mine' }],
      ['DELETE', `${base}/${item.id}`],
      ['POST', `${base}/${item.id}/endsale`, {}],
      ['POST', `${base}/${item.id}/resumesale`, {}],
      ['POST', `${base}/${item.id}/dynamic`, {}],
      ['POST', `${base}/${item.id}/undynamic`, {}],
      ['GET', `${P}/${p.id}/versions/1/items`],
      ['GET', `${P}/${p.id}/versions/1/items/${item.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await t.call(other, { method: method as any, url, payload })).statusCode, `other ${method} ${url}`).toBe(
        404,
      );
      expect(
        (await t.call(provider, { method: method as any, url, payload })).statusCode,
        `provider ${method} ${url}`,
      ).toBe(404);
    }
    await link(t, p.id);
    for (const [method, url, payload] of calls) {
      const res = await t.call(provider, { method: method as any, url, payload });
      expect(res.statusCode, `provider ${method} ${url}`).toBe(method === 'GET' ? 200 : 403);
    }
    expect((await t.call(provider, { method: 'GET', url: base })).json()[0]).toMatchObject({
      id: item.id,
      name: 'Seat',
    });
    expect((await t.call(vendor, { method: 'GET', url: `${base}/${item.id}` })).json()).toMatchObject({
      name: 'Seat',
      status: 'published',
      dynamic: false,
    });
  });
});
