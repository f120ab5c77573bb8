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
const newProduct = (name = 'Parameterised') => createProduct(t, vendor, name);
async function addParam(productId: string, payload: Record<string, unknown>, who = vendor) {
  return t.call(who, { method: 'POST', url: `${P}/${productId}/parameters`, payload });
}
async function param(productId: string, payload: Record<string, unknown>) {
  const res = await addParam(productId, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const choices = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];

describe('parameters', () => {
  it('creates parameters with PRM ids, defaults and normalised constraints', async () => {
    const p = await newProduct();
    const digits = p.id.slice(4);
    const first = await param(p.id, {
      name: 'email_address',
      title: 'E-mail',
      type: 'email',
      constraints: { required: true },
    });
    expect(first).toMatchObject({
      id: `PRM-${digits}-0001`,
      name: 'email_address',
      title: 'E-mail',
      type: 'email',
      phase: 'ordering',
      scope: 'asset',
      description: '',
      hint: '',
      placeholder: '',
      position: 1,
      product: { id: p.id },
      constraints: {
        required: true,
        hidden: false,
        readonly: false,
        unique: false,
        reconciliation: false,
        choices: [],
      },
    });
    // absent values are omitted
    expect(first).not.toHaveProperty('default_country');
    expect(first).not.toHaveProperty('parent');
    for (const k of ['min_length', 'max_length', 'dependency']) expect(first.constraints).not.toHaveProperty(k);
    expect(first.events.created.at).toBeTruthy();
    const second = await param(p.id, { name: 'config_x', title: 'X', phase: 'configuration' });
    expect(second).toMatchObject({ id: `PRM-${digits}-0002`, scope: 'product', type: 'text', position: 2 });
    // a deleted parameter's number is not reused
    expect((await t.call(vendor, { method: 'DELETE', url: `${P}/${p.id}/parameters/${second.id}` })).statusCode).toBe(
      204,
    );
    expect((await param(p.id, { name: 'third', title: 'Third' })).id).toBe(`PRM-${digits}-0003`);
  });

  it('creates every type', async () => {
    const p = await newProduct('Every type');
    const defs: Record<string, unknown>[] = [
      { type: 'text' },
      { type: 'email' },
      { type: 'domain' },
      { type: 'url' },
      { type: 'password', constraints: { min_length: 8 } },
      { type: 'object' },
      { type: 'phone', default_country: 'US' },
      { type: 'address' },
      { type: 'subdomain', constraints: { choices: [{ value: 'example.com', label: 'example.com' }] } },
      { type: 'checkbox', constraints: { choices } },
      { type: 'choice', constraints: { choices }, default: 'a' },
      { type: 'dropdown', constraints: { meta: { choices } } },
      { type: 'heading' },
      { type: 'content', constraints: { display_content: '**Hi**' } },
    ];
    for (const d of defs) await param(p.id, { name: `p_${d.type}`, title: String(d.type), ...d });
    const list = await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/parameters` });
    expect(list.json().map((x: any) => x.type)).toEqual(defs.map((d) => d.type));
    expect(list.headers['content-range']).toBe('items 0-13/14');
    const filtered = await t.call(vendor, {
      method: 'GET',
      url: `${P}/${p.id}/parameters?in(type,(choice,dropdown))&ordering(-position)`,
    });
    expect(filtered.json().map((x: any) => x.name)).toEqual(['p_dropdown', 'p_choice']);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['name required', { title: 'T' }, ['name: This field is required']],
    ['title required', { name: 'x' }, ['title: This field is required']],
    [
      'name slug',
      { name: '1 bad name', title: 'T' },
      ['name: Use letters, digits, underscores and hyphens, starting with a letter'],
    ],
    [
      'unknown type',
      { name: 'x', title: 'T', type: 'colour' },
      [
        'type: Must be one of: text, dropdown, password, email, checkbox, subdomain, domain, address, phone, object, url, choice, heading, content',
      ],
    ],
    [
      'choices for choice',
      { name: 'x', title: 'T', type: 'choice' },
      ['constraints.choices: At least one choice is required for a choice parameter.'],
    ],
    [
      'choices for checkbox',
      { name: 'x', title: 'T', type: 'checkbox', constraints: { choices: [] } },
      ['constraints.choices: At least one choice is required for a checkbox parameter.'],
    ],
    [
      'choice needs value and label',
      { name: 'x', title: 'T', type: 'dropdown', constraints: { choices: [{ value: '', label: 'A' }] } },
      ['constraints.choices.0.value: This field is required'],
    ],
    [
      'duplicate choice',
      {
        name: 'x',
        title: 'T',
        type: 'choice',
        constraints: {
          choices: [
            { value: 'a', label: 'A' },
            { value: 'a', label: 'B' },
          ],
        },
      },
      ["constraints.choices.1.value: Choice values must be unique; 'a' is repeated."],
    ],
    [
      'min above max',
      { name: 'x', title: 'T', constraints: { min_length: 10, max_length: 5 } },
      ['constraints.min_length: Minimum length (10) must not exceed maximum length (5).'],
    ],
    [
      'negative length',
      { name: 'x', title: 'T', constraints: { min_length: -1 } },
      ['constraints.min_length: Must be 0 or more'],
    ],
    [
      'length on checkbox',
      { name: 'x', title: 'T', type: 'checkbox', constraints: { choices, max_length: 3 } },
      [
        'constraints.min_length: Minimum and maximum length apply only to text, email, domain, url, password, subdomain parameters.',
      ],
    ],
    [
      'scope for phase',
      { name: 'x', title: 'T', phase: 'ordering', scope: 'item' },
      ["scope: Scope 'item' is not allowed in the ordering phase; use one of: asset, tier1, tier2."],
    ],
    [
      'scope for configuration',
      { name: 'x', title: 'T', phase: 'configuration', scope: 'tier1' },
      [
        "scope: Scope 'tier1' is not allowed in the configuration phase; use one of: product, item, marketplace, item_marketplace.",
      ],
    ],
    [
      'default not a choice',
      { name: 'x', title: 'T', type: 'choice', constraints: { choices }, default: 'z' },
      ["default: Default 'z' is not one of the choices."],
    ],
    [
      'default country',
      { name: 'x', title: 'T', type: 'phone', default_country: 'XX' },
      ["default_country: Unknown country 'XX'; use an ISO 3166 two-letter code such as US."],
    ],
    [
      'dependency on missing',
      { name: 'x', title: 'T', constraints: { dependency: { parameter: { name: 'ghost' }, values: ['a'] } } },
      ["constraints.dependency.parameter: Parameter 'ghost' does not exist in this product."],
    ],
    ['NUL characters', { name: 'x', title: 'a\u0000b' }, ['title: NUL characters are not allowed.']],
    ['position too large', { name: 'x', title: 'T', position: 2 ** 40 }, ['position: Must be at most 1000000']],
    [
      'dependency on itself',
      { name: 'x', title: 'T', constraints: { dependency: { parameter: { name: 'x' } } } },
      ['constraints.dependency.parameter: A parameter cannot depend on itself.'],
    ],
  ])('refuses a bad definition: %s', async (_label, payload, errors) => {
    const p = await newProduct('Definitions');
    const res = await addParam(p.id, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'VAL_001', errors });
  });

  it('dependencies must name a checkbox / choice / dropdown of the same phase, with its values', async () => {
    const p = await newProduct('Dependencies');
    await param(p.id, { name: 'plan', title: 'Plan', type: 'checkbox', constraints: { choices } });
    await param(p.id, { name: 'notes', title: 'Notes' });
    await param(p.id, {
      name: 'conf',
      title: 'Conf',
      type: 'choice',
      phase: 'configuration',
      constraints: { choices },
    });
    const onText = await addParam(p.id, {
      name: 'x',
      title: 'T',
      constraints: { dependency: { parameter: { name: 'notes' } } },
    });
    expect(onText.json().errors).toEqual([
      "constraints.dependency.parameter: Parameter 'notes' is a text parameter; a dependency must name a checkbox, choice, dropdown parameter.",
    ]);
    const otherPhase = await addParam(p.id, {
      name: 'x',
      title: 'T',
      constraints: { dependency: { parameter: { name: 'conf' } } },
    });
    expect(otherPhase.json().errors).toEqual([
      "constraints.dependency.parameter: Parameter 'conf' belongs to the configuration phase; a dependency must be in the same phase (ordering).",
    ]);
    const badValue = await addParam(p.id, {
      name: 'x',
      title: 'T',
      constraints: { dependency: { parameter: { name: 'plan' }, values: ['z'] } },
    });
    expect(badValue.json().errors).toEqual([
      "constraints.dependency.values.0: 'z' is not a choice of parameter 'plan'.",
    ]);
    const ok = await param(p.id, {
      name: 'seats',
      title: 'Seats',
      constraints: { required: true, dependency: { parameter: { name: 'plan' }, values: ['a'] } },
    });
    expect(ok.constraints.dependency).toEqual({ parameter: { name: 'plan' }, values: ['a'] });
    // the source cannot lose the choice a dependent uses, nor be deleted while depended upon
    const plan = (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/parameters?eq(name,plan)` })).json()[0];
    const shrink = await t.call(vendor, {
      method: 'PUT',
      url: `${P}/${p.id}/parameters/${plan.id}`,
      payload: { constraints: { choices: [{ value: 'b', label: 'B' }] } },
    });
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().errors).toEqual([
      "constraints.dependency.values.0: Parameter 'seats' depends on this one: 'a' is not a choice of parameter 'plan'.",
    ]);
    const del = await t.call(vendor, { method: 'DELETE', url: `${P}/${p.id}/parameters/${plan.id}` });
    expect(del.statusCode).toBe(400);
    expect(del.json().errors).toEqual([
      "Parameter 'plan' is a dependency of 'seats'; remove or change that dependency first.",
    ]);
  });

  it('names are unique per product, not across products', async () => {
    const p = await newProduct('Unique');
    await param(p.id, { name: 'dup', title: 'One' });
    const again = await addParam(p.id, { name: 'dup', title: 'Two' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual(["name: A parameter named 'dup' already exists in this product."]);
    await param((await newProduct('Another')).id, { name: 'dup', title: 'Elsewhere' });
  });

  it('updates merge constraints, keep the name, and re-check the definition', async () => {
    const p = await newProduct('Updates');
    const x = await param(p.id, { name: 'x', title: 'X', constraints: { required: true, min_length: 2 } });
    const url = `${P}/${p.id}/parameters/${x.id}`;
    const up = await t.call(vendor, {
      method: 'PUT',
      url,
      payload: { title: 'X2', name: 'renamed', constraints: { max_length: 9, min_length: null } },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      name: 'x',
      title: 'X2',
      constraints: { required: true, max_length: 9 },
    });
    // min_length was cleared
    expect(up.json().constraints).not.toHaveProperty('min_length');
    const bad = await t.call(vendor, { method: 'PUT', url, payload: { type: 'dropdown' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContain(
      'constraints.choices: At least one choice is required for a dropdown parameter.',
    );
    // a phase change without a scope takes the new phase's first scope
    const moved = await t.call(vendor, { method: 'PUT', url, payload: { phase: 'configuration' } });
    expect(moved.json()).toMatchObject({ phase: 'configuration', scope: 'product' });
    expect((await t.call(vendor, { method: 'GET', url })).json().title).toBe('X2');
  });

  it('versions freeze parameters as they were when built', async () => {
    const p = await newProduct('Frozen');
    const x = await param(p.id, { name: 'x', title: 'Before' });
    await t.call(vendor, { method: 'POST', url: `${P}/${p.id}/versions`, payload: {} });
    await runDueJobs(t.db);
    await t.call(vendor, { method: 'PUT', url: `${P}/${p.id}/parameters/${x.id}`, payload: { title: 'After' } });
    await param(p.id, { name: 'y', title: 'New' });
    const v1 = await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1/parameters` });
    expect(v1.statusCode).toBe(200);
    expect(v1.json().map((q: any) => [q.name, q.title])).toEqual([['x', 'Before']]);
    expect(
      (await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1/parameters/${x.id}` })).json().title,
    ).toBe('Before');
    expect(
      (
        await t.call(vendor, {
          method: 'PUT',
          url: `${P}/${p.id}/versions/1/parameters/${x.id}`,
          payload: { title: 'No' },
        })
      ).statusCode,
    ).toBe(404);
    const live = await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/parameters` });
    expect(live.json().map((q: any) => [q.name, q.title])).toEqual([
      ['x', 'After'],
      ['y', 'New'],
    ]);
    // after the build, numbering continues
    expect((await param(p.id, { name: 'z', title: 'Z' })).id).toMatch(/-0003$/);
  });

  it('isolation: other vendors see nothing; a linked provider reads but cannot write', async () => {
    const p = await newProduct('Isolated');
    const x = await param(p.id, { name: 'x', title: 'X' });
    const base = `${P}/${p.id}/parameters`;
    for (const [method, url] of [
      ['GET', base],
      ['GET', `${base}/${x.id}`],
      ['POST', base],
      ['PUT', `${base}/${x.id}`],
      ['DELETE', `${base}/${x.id}`],
      ['GET', `${P}/${p.id}/configurations`],
      ['POST', `${P}/${p.id}/configurations`],
    ] as const) {
      const payload =
        method === 'POST' || method === 'PUT' ? { name: 'y', title: 'Y', parameter: { id: x.id } } : undefined;
      expect((await t.call(other, { method, url, payload })).statusCode, `other ${method} ${url}`).toBe(404);
      expect((await t.call(provider, { method, url, payload })).statusCode, `unlinked provider ${method} ${url}`).toBe(
        404,
      );
    }
    await link(t, p.id);
    expect((await t.call(provider, { method: 'GET', url: base })).json().map((q: any) => q.name)).toEqual(['x']);
    expect((await t.call(provider, { method: 'GET', url: `${base}/${x.id}` })).statusCode).toBe(200);
    expect((await t.call(provider, { method: 'GET', url: `${P}/${p.id}/configurations` })).statusCode).toBe(200);
    expect((await addParam(p.id, { name: 'y', title: 'Y' }, provider)).statusCode).toBe(403);
    expect(
      (await t.call(provider, { method: 'PUT', url: `${base}/${x.id}`, payload: { title: 'Mine' } })).statusCode,
    ).toBe(403);
    expect((await t.call(provider, { method: 'DELETE', url: `${base}/${x.id}` })).statusCode).toBe(403);
    expect(
      (
        await t.call(provider, {
          method: 'POST',
          url: `${P}/${p.id}/configurations`,
          payload: { parameter: { id: x.id } },
        })
      ).statusCode,
    ).toBe(403);
  });
});
