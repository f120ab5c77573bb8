import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
let vendor: Session;
let provider: Session;
beforeAll(async () => {
  t = await testApp();
  [vendor, provider] = await Promise.all([t.login('vendor@demo.trellis'), t.login('provider@demo.trellis')]);
});
afterAll(async () => {
  await t?.close();
});

const P = '/public/v1/products';
const choices = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];

async function setup() {
  const res = await t.call(vendor, { method: 'POST', url: P, payload: { name: 'Configurable' } });
  const product = res.json() as { id: string };
  const add = async (payload: Record<string, unknown>) => {
    const r = await t.call(vendor, {
      method: 'POST',
      url: `${P}/${product.id}/parameters`,
      payload: { phase: 'configuration', ...payload },
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json();
  };
  const params = {
    url: await add({ name: 'api_url', title: 'API URL', type: 'url', constraints: { required: true } }),
    perItem: await add({ name: 'sku_code', title: 'SKU code', scope: 'item', constraints: { max_length: 5 } }),
    perMarketplace: await add({
      name: 'region',
      title: 'Region',
      type: 'dropdown',
      scope: 'marketplace',
      constraints: { choices },
    }),
    both: await add({ name: 'price_tag', title: 'Price tag', scope: 'item_marketplace' }),
    phone: await add({ name: 'support_phone', title: 'Support phone', type: 'phone' }),
    toggle: await add({
      name: 'advanced',
      title: 'Advanced',
      type: 'checkbox',
      constraints: { choices: [{ value: 'on', label: 'On' }] },
    }),
    gated: await add({
      name: 'advanced_key',
      title: 'Key',
      constraints: { required: true, dependency: { parameter: { name: 'advanced' }, values: ['on'] } },
    }),
    ordering: (
      await t.call(vendor, {
        method: 'POST',
        url: `${P}/${product.id}/parameters`,
        payload: { name: 'ord', title: 'Ordering' },
      })
    ).json(),
  };
  const itemId = `${product.id}-0001`;
  const at = new Date().toISOString();
  await t.db
    .insertInto('items')
    .values({
      id: itemId,
      product_id: product.id,
      account_id: t.demo.vendor.id,
      seq: 1,
      status: 'draft',
      name: 'Seat',
      mpn: 'SEAT',
      type: 'reservation',
      period: 'monthly',
      group_id: null,
      unit_id: 'unit',
      position: 1,
      created_at: at,
      updated_at: at,
      data: JSON.stringify({ id: itemId, name: 'Seat' }),
    } as any)
    .execute();
  const post = (payload: Record<string, unknown>, who = vendor) =>
    t.call(who, { method: 'POST', url: `${P}/${product.id}/configurations`, payload });
  return { product, params, itemId, post };
}

describe('configurations', () => {
  it('stores values per product, item, marketplace and item in a marketplace; POST upserts', async () => {
    const { product, params, itemId, post } = await setup();
    const created = await post({ parameter: { id: params.url.id }, value: 'https://api.example.com' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      value: 'https://api.example.com',
      parameter: { id: params.url.id, name: 'api_url', title: 'API URL', scope: 'product' },
    });
    // a product-wide value: no item, no marketplace
    expect(created.json()).not.toHaveProperty('item');
    expect(created.json()).not.toHaveProperty('marketplace');
    expect(
      (await post({ parameter: { id: params.perItem.id }, item: { id: itemId }, value: 'S1' })).json(),
    ).toMatchObject({ item: { id: itemId, name: 'Seat' } });
    expect(
      (await post({ parameter: { id: params.perMarketplace.id }, marketplace: { id: 'MP-12345' }, value: 'a' })).json(),
    ).toMatchObject({ marketplace: { id: 'MP-12345' } });
    expect(
      (
        await post({
          parameter: { id: params.both.id },
          item: { id: itemId },
          marketplace: { id: 'MP-12345' },
          value: '9.99',
        })
      ).statusCode,
    ).toBe(201);
    const phone = await post({
      parameter: { id: params.phone.id },
      structured_value: { country_code: '+1', area_code: '415', phone_number: '5552671' },
    });
    expect(phone.statusCode, phone.body).toBe(201);
    // upsert: same parameter and target replaces the value, keeps its creation time
    const again = await post({ parameter: { id: params.url.id }, value: 'https://v2.example.com' });
    expect(again.statusCode).toBe(201);
    expect(again.json().events.created.at).toBe(created.json().events.created.at);
    const list = await t.call(vendor, { method: 'GET', url: `${P}/${product.id}/configurations` });
    expect(list.json()).toHaveLength(5);
    expect(list.json().find((c: any) => c.parameter.id === params.url.id).value).toBe('https://v2.example.com');
    const byItem = await t.call(vendor, {
      method: 'GET',
      url: `${P}/${product.id}/configurations?eq(item.id,${itemId})`,
    });
    expect(
      byItem
        .json()
        .map((c: any) => c.parameter.name)
        .sort(),
    ).toEqual(['price_tag', 'sku_code']);
    const byScope = await t.call(vendor, {
      method: 'GET',
      url: `${P}/${product.id}/configurations?eq(parameter.scope,marketplace)`,
    });
    expect(byScope.json().map((c: any) => c.value)).toEqual(['a']);
    // the parameter copy follows a title change
    await t.call(vendor, {
      method: 'PUT',
      url: `${P}/${product.id}/parameters/${params.url.id}`,
      payload: { title: 'Endpoint' },
    });
    const one = await t.call(vendor, {
      method: 'GET',
      url: `${P}/${product.id}/configurations?eq(parameter.id,${params.url.id})`,
    });
    expect(one.json()[0].parameter.title).toBe('Endpoint');
  });

  it('validates values with the shared validator, per parameter', async () => {
    const { params, itemId, post } = await setup();
    const cases: [Record<string, unknown>, string[], Record<string, unknown>][] = [
      [
        { parameter: { id: params.url.id }, value: 'not a url' },
        ['api_url: Wrong URL format'],
        { api_url: { value_error: 'Wrong URL format' } },
      ],
      [
        { parameter: { id: params.url.id }, value: '' },
        ['api_url: This field is required'],
        { api_url: { value_error: 'This field is required' } },
      ],
      [
        { parameter: { id: params.perItem.id }, item: { id: itemId }, value: 'TOOLONG' },
        ['sku_code: Input must be at most 5 characters'],
        {},
      ],
      [
        { parameter: { id: params.perMarketplace.id }, marketplace: { id: 'MP-1' }, value: 'z' },
        ['region: Select a valid choice'],
        {},
      ],
      [
        {
          parameter: { id: params.phone.id },
          structured_value: { country_code: '+1', area_code: 'x', phone_number: '5552671' },
        },
        [
          'support_phone: Format is not correct for area code',
          'support_phone.area_code: Format is not correct for area code',
        ],
        {
          support_phone: {
            value_error: 'Format is not correct for area code',
            structured_error: { area_code: 'Format is not correct for area code' },
          },
        },
      ],
    ];
    for (const [payload, errors, details] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(errors);
      if (Object.keys(details).length) expect(res.json().params).toEqual(details);
    }
  });

  it('a parameter whose dependency is unmet is not validated; once met it is', async () => {
    const { params, post } = await setup();
    expect((await post({ parameter: { id: params.gated.id }, value: '' })).statusCode).toBe(201);
    expect((await post({ parameter: { id: params.toggle.id }, structured_value: { on: true } })).statusCode).toBe(201);
    const now = await post({ parameter: { id: params.gated.id }, value: '' });
    expect(now.statusCode).toBe(400);
    expect(now.json().errors).toEqual(['advanced_key: This field is required']);
  });

  it('refuses the wrong parameter, target or item', async () => {
    const { product, params, itemId, post } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'parameter: This field is required'],
      [
        { parameter: { id: 'PRM-000-000-000-0001' } },
        "parameter: Parameter 'PRM-000-000-000-0001' does not exist in this product.",
      ],
      [
        { parameter: { id: params.ordering.id } },
        "parameter: 'ord' is a parameter of the ordering phase; configuration data takes configuration parameters only.",
      ],
      [
        { parameter: { id: params.perItem.id }, value: 'x' },
        'item: This field is required for a parameter of scope item.',
      ],
      [
        { parameter: { id: params.url.id }, item: { id: itemId }, value: 'https://x.example.com' },
        'item: A parameter of scope product takes no item.',
      ],
      [
        { parameter: { id: params.perMarketplace.id }, value: 'a' },
        'marketplace: This field is required for a parameter of scope marketplace.',
      ],
      [
        { parameter: { id: params.perItem.id }, item: { id: `${product.id}-0099` }, value: 'x' },
        `item: Item '${product.id}-0099' does not exist in this product.`,
      ],
      [{ parameter: { id: params.url.id }, value: 'x'.repeat(2001) }, 'value: Input must be at most 2000 characters'],
      [
        { parameter: { id: params.phone.id }, structured_value: { phone_number: '\u0000' } },
        'structured_value.phone_number: NUL characters are not allowed.',
      ],
    ];
    for (const [payload, error] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toContain(error);
    }
    // another product's item is not this product's
    const { itemId: foreignItem } = await setup();
    const foreign = await post({ parameter: { id: params.perItem.id }, item: { id: foreignItem }, value: 'x' });
    expect(foreign.json().errors).toEqual([`item: Item '${foreignItem}' does not exist in this product.`]);
  });

  it('changing a parameter scope drops its values; deleting it removes them', async () => {
    const { product, params, post } = await setup();
    await post({ parameter: { id: params.url.id }, value: 'https://a.example.com' });
    await post({ parameter: { id: params.perMarketplace.id }, marketplace: { id: 'MP-1' }, value: 'a' });
    await t.call(vendor, {
      method: 'PUT',
      url: `${P}/${product.id}/parameters/${params.url.id}`,
      payload: { scope: 'marketplace' },
    });
    await t.call(vendor, { method: 'DELETE', url: `${P}/${product.id}/parameters/${params.perMarketplace.id}` });
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${product.id}/configurations` })).json()).toEqual([]);
  });

  it('a linked provider reads configuration data but cannot write it', async () => {
    const { product, params, post } = await setup();
    await post({ parameter: { id: params.url.id }, value: 'https://a.example.com' });
    await t.db
      .insertInto('product_links')
      .values({ product_id: product.id, account_id: t.demo.provider.id, kind: 'listing', ref_id: 'MP-00000' })
      .execute();
    expect((await t.call(provider, { method: 'GET', url: `${P}/${product.id}/configurations` })).json()).toHaveLength(
      1,
    );
    expect(
      (await post({ parameter: { id: params.url.id }, value: 'https://b.example.com' }, provider)).statusCode,
    ).toBe(403);
  });
});
