import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';
import { API, marketplaceWithHub, ok, partner, publishedProduct, request } from './distribution-helpers.ts';

// Leads (issue 15): lead forms and their machine, the form a listing uses, leads recorded by a party of the listing
// or sent by an anonymous visitor through the public embed, qualified or invalidated by the vendor.

interface World {
  t: TestApp;
  vendor: Session;
  provider: Session;
  other: Session;
  /** A listed listing of Demo Vendor in Demo Provider's marketplace, and one still waiting for review. */
  listing: any;
  unlisted: any;
}

async function openWorld(overrides: Parameters<typeof testApp>[0] = {}): Promise<World> {
  const t = await testApp(overrides);
  // a sign-in answers reCAPTCHA where the installation checks it (the verifier below accepts 'human')
  const login = async (email: string): Promise<Session> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email, password: DEMO_PASSWORD, recaptcha: 'human' },
    });
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const body = res.json();
    return { cookie, sessionId: body.session_id, body, headers: { cookie, 'x-session-id': body.session_id } };
  };
  const [vendor, provider, other] = await Promise.all([
    login('vendor@demo.trellis'),
    login('provider@demo.trellis'),
    login('other@demo.trellis'),
  ]);
  await partner(t, vendor, provider);
  const { mp } = await marketplaceWithHub(t, provider, 'Leads Market');
  const listed = await publishedProduct(t, vendor, 'Lead Magnet');
  const waiting = await publishedProduct(t, vendor, 'Not Yet Listed');
  const r = await request(t, vendor, provider, { type: 'new', product_id: listed.id, marketplace_id: mp.id }, [
    'submit',
    'deploy',
    'complete',
  ]);
  const w = await request(t, vendor, provider, { type: 'new', product_id: waiting.id, marketplace_id: mp.id }, [
    'submit',
  ]);
  const listing = await ok(t, vendor, 'GET', `/listings/${r.listing.id}`);
  const unlisted = await ok(t, vendor, 'GET', `/listings/${w.listing.id}`);
  return { t, vendor, provider, other, listing, unlisted };
}

const CONTACT_FORM = {
  name: 'Contact us',
  template: 'custom',
  schema: {
    fields: [
      { name: 'name', title: 'Name', type: 'text', constraints: { required: true, max_length: 60 } },
      { name: 'email', title: 'E-mail', type: 'email', constraints: { required: true } },
      {
        name: 'size',
        title: 'Company size',
        type: 'choice',
        constraints: {
          choices: [
            { value: 'small', label: '1-10' },
            { value: 'large', label: '11+' },
          ],
        },
      },
      { name: 'address', title: 'Address', type: 'address', constraints: {} },
    ],
  },
};

let w: World;
let t: TestApp;
beforeAll(async () => {
  // a small budget per address, so the flood test reaches it; every test sends from addresses of its own
  w = await openWorld({ publicMaxPerAddress: 6 });
  t = w.t;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;
const embedPost = (listingId: string, payload: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/embed/leads/listings/${listingId}/leads`,
    ...(typeof payload === 'string' ? { body: payload } : { payload: payload as object }),
    headers: { 'content-type': 'application/json', ...headers },
    remoteAddress: ip,
  });
const embedForm = (listingId: string, ip = freshIp()) =>
  t.app.inject({ method: 'GET', url: `${API}/embed/leads/listings/${listingId}/form`, remoteAddress: ip });
const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.call(who, { method, url: `${API}${url}`, payload: payload as object });

/** An active form attached to the listed listing. */
async function liveForm(body: object = CONTACT_FORM) {
  const form = await ok(t, w.vendor, 'POST', '/leads/forms', body);
  await ok(t, w.vendor, 'POST', `/leads/forms/${form.id}/activate`, undefined, 200);
  await ok(t, w.vendor, 'PUT', `/leads/listings/${w.listing.id}/form`, { id: form.id }, 200);
  return form;
}

describe('lead forms', () => {
  it('starts inactive, from the default template unless a schema is given; ids LFM-###-###-###', async () => {
    const form = await ok(t, w.vendor, 'POST', '/leads/forms', { name: 'Enquiries' });
    expect(form).toMatchObject({
      name: 'Enquiries',
      status: 'inactive',
      template: 'default',
      owner: { id: t.demo.vendor.id, name: 'Demo Vendor' },
      listings: [],
    });
    expect(form.id).toMatch(/^LFM-\d{3}-\d{3}-\d{3}$/);
    expect(form.schema.fields.map((f: any) => f.name)).toEqual(['name', 'email', 'company', 'phone', 'message']);
  });

  it("reads the reference's array of fields ({id, title, type, required}) as the shared form schema", async () => {
    const form = await ok(t, w.vendor, 'POST', '/leads/forms', {
      name: 'Reference style',
      template: 'custom',
      schema: [{ id: 'name', type: 'text', title: 'Name', required: true }],
    });
    expect(form.schema).toEqual({
      fields: [{ name: 'name', type: 'text', title: 'Name', constraints: { required: true } }],
    });
  });

  it('refuses a schema with a repeated field name, a bad name or an unknown type, naming the field', async () => {
    const dup = await call(w.vendor, 'POST', '/leads/forms', {
      name: 'Broken',
      schema: {
        fields: [
          { name: 'a', title: 'A', type: 'text' },
          { name: 'a', title: 'A again', type: 'text' },
        ],
      },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual(["schema.fields.1.name: Field 1 is already named 'a'; names must be unique."]);
    const bad = await call(w.vendor, 'POST', '/leads/forms', {
      name: 'Broken',
      schema: { fields: [{ name: '1st', title: 'A', type: 'signature' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.join(' ')).toMatch(/schema\.fields\.0\.name.*schema\.fields\.0\.type/);
    const long = await call(w.vendor, 'POST', '/leads/forms', { name: 'x'.repeat(129) });
    expect(long.json().errors).toEqual(['name: Input must be at most 128 characters']);
  });

  it('activate and deactivate: each only from its status; a form without fields is not activated', async () => {
    const form = await ok(t, w.vendor, 'POST', '/leads/forms', { name: 'Lifecycle' });
    const act = (action: string) => call(w.vendor, 'POST', `/leads/forms/${form.id}/${action}`);
    const refusedDeactivate = await act('deactivate');
    expect(refusedDeactivate.statusCode).toBe(400);
    expect(refusedDeactivate.json().errors).toEqual(["Action 'deactivate' is not allowed in status 'inactive'."]);
    const active = await act('activate');
    expect(active.statusCode).toBe(200);
    expect(active.json()).toMatchObject({ status: 'active', events: { activated: { by: { name: 'Vera Vendor' } } } });
    expect((await act('activate')).json().errors).toEqual(["Action 'activate' is not allowed in status 'active'."]);
    expect((await act('deactivate')).json()).toMatchObject({ status: 'inactive' });

    const empty = await ok(t, w.vendor, 'POST', '/leads/forms', { name: 'Empty', template: 'custom' });
    const guard = await call(w.vendor, 'POST', `/leads/forms/${empty.id}/activate`);
    expect(guard.statusCode).toBe(400);
    expect(guard.json().errors).toEqual(['Add a field visitors can fill in before activating the form.']);

    const audit = await ok(t, w.vendor, 'GET', `/audit/records?object.id=${form.id}`);
    expect(audit.map((a: any) => a.action).sort()).toEqual(['activate', 'create', 'deactivate']);
  });

  it('an active form is not deleted; an inactive one is, and leaves its listings without a form', async () => {
    const form = await liveForm({ name: 'Short-lived' });
    const refused = await call(w.vendor, 'DELETE', `/leads/forms/${form.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['An active form cannot be deleted; deactivate it first.']);
    await ok(t, w.vendor, 'POST', `/leads/forms/${form.id}/deactivate`, undefined, 200);
    expect((await call(w.vendor, 'DELETE', `/leads/forms/${form.id}`)).statusCode).toBe(204);
    expect((await call(w.vendor, 'GET', `/leads/listings/${w.listing.id}/form`)).statusCode).toBe(404);
  });

  it('is the vendor’s alone: another vendor and the provider get 404, before any body is read', async () => {
    const form = await ok(t, w.vendor, 'POST', '/leads/forms', { name: 'Private' });
    for (const who of [w.other, w.provider]) {
      expect((await call(who, 'GET', `/leads/forms/${form.id}`)).statusCode).toBe(404);
      expect((await call(who, 'PUT', `/leads/forms/${form.id}`, { name: 5 })).statusCode).toBe(404);
      expect((await call(who, 'POST', `/leads/forms/${form.id}/activate`)).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `/leads/forms/${form.id}`)).statusCode).toBe(404);
    }
    expect((await call(w.other, 'GET', '/leads/forms')).json().map((f: any) => f.id)).not.toContain(form.id);
    expect((await call(w.provider, 'POST', '/leads/forms', { name: 'Mine' })).statusCode).toBe(404);
  });
});

describe('the form of a listing', () => {
  it('attaches one form per listing, replaces it, takes it off; the form lists its listings', async () => {
    const a = await ok(t, w.vendor, 'POST', '/leads/forms', { name: 'First' });
    const b = await ok(t, w.vendor, 'POST', '/leads/forms', { name: 'Second' });
    const url = `/leads/listings/${w.listing.id}/form`;
    const set = await ok(t, w.vendor, 'PUT', url, { id: a.id }, 200);
    expect(set).toMatchObject({ id: a.id, listing_id: w.listing.id, listings: [w.listing.id] });
    expect(await ok(t, w.vendor, 'GET', url)).toMatchObject({ id: a.id });
    await ok(t, w.vendor, 'PUT', url, { id: b.id }, 200);
    expect((await ok(t, w.vendor, 'GET', `/leads/forms/${a.id}`)).listings).toEqual([]);
    expect((await ok(t, w.vendor, 'GET', `/leads/forms/${b.id}`)).listings).toEqual([w.listing.id]);
    expect((await call(w.vendor, 'PUT', url, { id: null })).statusCode).toBe(204);
    expect((await call(w.vendor, 'GET', url)).statusCode).toBe(404);
    const audit = await ok(t, w.vendor, 'GET', `/audit/records?object.id=${b.id}`);
    expect(audit.map((r: any) => r.action).sort()).toEqual(['attach', 'create', 'detach']);
  });

  it("refuses another vendor's form (400) and another tenant's listing (404, before the body)", async () => {
    const foreign = await ok(t, w.other, 'POST', '/leads/forms', { name: 'Not yours' });
    const url = `/leads/listings/${w.listing.id}/form`;
    const res = await call(w.vendor, 'PUT', url, { id: foreign.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([`id: lead form ${foreign.id} does not exist.`]);
    for (const who of [w.other, w.provider]) {
      expect((await call(who, 'PUT', url, { id: 42 })).statusCode).toBe(404);
      expect((await call(who, 'GET', url)).statusCode).toBe(404);
      expect((await call(who, 'DELETE', url)).statusCode).toBe(404);
    }
    expect((await call(w.vendor, 'PUT', url, { id: 42 })).statusCode).toBe(400);
    expect((await call(w.vendor, 'PUT', '/leads/listings/LST-000-000-000/form', { id: null })).statusCode).toBe(404);
  });
});

describe('the public embed', () => {
  let form: any;
  beforeAll(async () => {
    form = await liveForm();
  });

  it('serves an active form of a listed listing to anyone: its id, fields and product, nothing private', async () => {
    const res = await embedForm(w.listing.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: form.id,
      schema: CONTACT_FORM.schema,
      listing_id: w.listing.id,
      product: { id: w.listing.product.id, name: 'Lead Magnet' },
      vendor: { name: 'Demo Vendor' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('is 404 alike for an unknown listing, a listing without a form, an inactive form and an unlisted listing', async () => {
    const unknown = await embedForm('LST-000-000-000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error_code: 'NF_001', errors: ['Lead form not found.'] });
    expect((await embedForm(w.unlisted.id)).statusCode).toBe(404);
    await ok(t, w.vendor, 'PUT', `/leads/listings/${w.unlisted.id}/form`, { id: form.id }, 200);
    expect((await embedForm(w.unlisted.id)).statusCode).toBe(404);
    expect((await embedPost(w.unlisted.id, { data: { name: 'A', email: 'a@b.example' } })).statusCode).toBe(404);
    await ok(t, w.vendor, 'POST', `/leads/forms/${form.id}/deactivate`, undefined, 200);
    expect((await embedForm(w.listing.id)).statusCode).toBe(404);
    expect((await embedPost(w.listing.id, { data: { name: 'A', email: 'a@b.example' } })).statusCode).toBe(404);
    await ok(t, w.vendor, 'POST', `/leads/forms/${form.id}/activate`, undefined, 200);
    expect((await embedForm(w.listing.id)).statusCode).toBe(200);
  });

  it('takes a visitor’s lead: 201 with its id only; the vendor and the distributor read it, nobody else', async () => {
    const res = await embedPost(w.listing.id, {
      data: {
        name: 'Jonathan Rios',
        email: 'jonathan@rios.example',
        size: 'small',
        address: {
          address_line1: 'Calle Mayor 1',
          city: 'Madrid',
          state: 'Madrid',
          postal_code: '28013',
          country: 'ES',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(Object.keys(res.json())).toEqual(['id']);
    const { id } = res.json();
    expect(id).toMatch(/^LD-\d{4}-\d{4}-\d{4}$/);
    const lead = await ok(t, w.vendor, 'GET', `/leads/records/${id}`);
    expect(lead).toMatchObject({
      name: 'Jonathan Rios',
      status: 'pending',
      source: 'embed',
      vendor: { id: t.demo.vendor.id, name: 'Demo Vendor' },
      distributor: { id: t.demo.provider.id, name: 'Demo Provider' },
      form: { id: form.id, name: 'Contact us', status: 'active', template: 'custom' },
      listing: { id: w.listing.id, product: { name: 'Lead Magnet' }, marketplace: { name: 'Leads Market' } },
      data: { name: 'Jonathan Rios', email: 'jonathan@rios.example', size: 'small', address: { city: 'Madrid' } },
      events: { created: { by: { name: 'Website visitor' } } },
    });
    expect((await call(w.provider, 'GET', `/leads/records/${id}`)).statusCode).toBe(200);
    expect((await call(w.other, 'GET', `/leads/records/${id}`)).statusCode).toBe(404);
    const byMarketplace = await ok(t, w.provider, 'GET', `/leads/records?marketplace.id=${w.listing.marketplace.id}`);
    expect(byMarketplace.map((l: any) => l.id)).toContain(id);
    const audit = await ok(t, w.vendor, 'GET', `/audit/records?object.id=${id}`);
    expect(audit).toMatchObject([{ action: 'create', actor: { name: 'Website visitor' } }]);
  });

  it('checks the answers with the shared validator: 400 naming each field with its message', async () => {
    const res = await embedPost(w.listing.id, { data: { name: '', email: 'not-an-email', size: 'huge' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error_code).toBe('VAL_001');
    expect(body.fields).toMatchObject({
      'data.name': ['This field is required'],
      'data.email': [expect.any(String)],
      'data.size': [expect.any(String)],
    });
    expect(body.errors).toHaveLength(3);
    const partial = await embedPost(w.listing.id, {
      data: { name: 'A', email: 'a@b.example', address: { city: 'Madrid' } },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().fields['data.address.postal_code']).toEqual(['This field is required']);
  });

  it('is strict: unknown keys and fields, wrong types and oversized values are 400s, never stored', async () => {
    const before = (await ok(t, w.vendor, 'GET', '/leads/records?limit=0')) as unknown[];
    const cases: [unknown, RegExp][] = [
      [{ data: { name: 'A', email: 'a@b.example' }, admin: true }, /Unrecognized key/],
      [{ data: { name: 'A', email: 'a@b.example', salary: '1' } }, /data\.salary: This form has no such field/],
      [{ data: 'name=A' }, /data/],
      [{ data: [['name', 'A']] }, /data/],
      [{ data: { name: { $gt: '' } } }, /data/],
      [{ data: { name: 'A', email: 'a@b.example' }, name: 12 }, /name/],
      [{ data: { name: 'x'.repeat(4001), email: 'a@b.example' } }, /at most 4000/],
      [{ name: 'x'.repeat(129), data: { name: 'A', email: 'a@b.example' } }, /at most 128/],
      [{}, /data/],
      [[], /./],
      ['null', /./],
    ];
    for (const [payload, message] of cases) {
      const res = await embedPost(w.listing.id, payload);
      expect(res.statusCode, `${JSON.stringify(payload)?.slice(0, 60)} → ${res.body}`).toBe(400);
      expect(res.json().errors.join(' ')).toMatch(message);
    }
    expect(((await ok(t, w.vendor, 'GET', '/leads/records?limit=0')) as unknown[]).length).toBe(before.length);
  });

  it('refuses a body over its size limit with 413, and odd requests with a 4xx, never a 5xx', async () => {
    const big = await embedPost(w.listing.id, { data: { name: 'A', email: 'a@b.example', pad: 'x'.repeat(20_000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().error_code).toBeDefined();
    const odd = [
      embedPost(w.listing.id, '{"data": {"name": "A"'),
      embedPost(w.listing.id, `{"data": ${'['.repeat(80)}${']'.repeat(80)}}`),
      embedPost(w.listing.id, '{"data": {"name": "A\\u0000"}}'),
      embedPost(w.listing.id, '{"__proto__": {"x": 1}, "data": {}}'),
      embedPost(w.listing.id, 'name=A', freshIp(), { 'content-type': 'application/x-www-form-urlencoded' }),
      embedPost(`${w.listing.id}%00`, { data: {} }),
      embedPost('x'.repeat(300), { data: {} }),
      embedPost("LST-1' or '1'='1", { data: {} }),
    ];
    for (const res of await Promise.all(odd)) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });

  it('throttles a flood from one address (429 with Retry-After), not other visitors', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await embedPost(w.listing.id, { data: { name: `Bot ${i}` } }, ip)).statusCode);
    // budget 6 per window: invalid or not, each attempt counts
    expect(codes.slice(0, 6).every((c) => c === 400)).toBe(true);
    expect(codes.slice(6)).toEqual([429, 429]);
    const flooded = await embedPost(w.listing.id, { data: { name: 'Real', email: 'real@person.example' } }, ip);
    expect(flooded.statusCode).toBe(429);
    expect(flooded.headers['retry-after']).toBeDefined();
    expect(flooded.json().error_code).toBe('THR_001');
    expect((await embedPost(w.listing.id, { data: { name: 'Real', email: 'real@person.example' } })).statusCode).toBe(
      201,
    );
  });

  it('allows cross-origin reads and JSON posts without credentials, on the embed routes only', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: `${API}/embed/leads/listings/${w.listing.id}/leads`,
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
    });
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const elsewhere = await call(w.vendor, 'GET', '/leads/records');
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('treats a signed-in browser without the session header as a visitor (no CSRF refusal, no account)', async () => {
    const res = await embedPost(w.listing.id, { data: { name: 'Same site', email: 'same@site.example' } }, freshIp(), {
      cookie: w.vendor.cookie,
    });
    expect(res.statusCode).toBe(201);
    const lead = await ok(t, w.vendor, 'GET', `/leads/records/${res.json().id}`);
    expect(lead.events.created.by.name).toBe('Website visitor');
  });
});

describe('lead records', () => {
  let form: any;
  beforeAll(async () => {
    form = await liveForm({ name: 'Default form' });
  });
  const record = (who: Session, extra: object = {}) =>
    call(who, 'POST', '/leads/records', {
      name: 'Phone call',
      listing: { id: w.listing.id },
      data: { name: 'Carla', email: 'carla@example.com', phone: '+4930123456' },
      ...extra,
    });

  it('are recorded by either party of the listing, against its form; not by others or without a form', async () => {
    for (const who of [w.vendor, w.provider]) {
      const res = await record(who);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'pending', source: 'api', form: { id: form.id } });
    }
    const invalid = await record(w.vendor, { data: { email: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields['data.name']).toEqual(['This field is required']);
    const stranger = await record(w.other);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors).toEqual([`listing: listing ${w.listing.id} does not exist.`]);
    await ok(t, w.vendor, 'PUT', `/leads/listings/${w.unlisted.id}/form`, { id: null }, 204);
    const formless = await record(w.vendor, { listing: { id: w.unlisted.id } });
    expect(formless.json().errors).toEqual([`listing: listing ${w.unlisted.id} has no lead form; attach one first.`]);
  });

  it('qualify and invalidate: the vendor only, from new only, with a note, audited', async () => {
    const a = (await record(w.vendor)).json();
    const b = (await record(w.provider)).json();
    const act = (who: Session, id: string, action: string, body: object = {}) =>
      call(who, 'POST', `/leads/records/${id}/${action}`, body);

    expect((await act(w.provider, a.id, 'qualify')).statusCode).toBe(403);
    expect((await act(w.other, a.id, 'qualify')).statusCode).toBe(404);
    const q = await act(w.vendor, a.id, 'qualify', { note: 'Budget approved' });
    expect(q.statusCode).toBe(200);
    expect(q.json()).toMatchObject({ status: 'qualified', note: 'Budget approved', events: { qualified: {} } });
    for (const action of ['qualify', 'invalidate']) {
      const again = await act(w.vendor, a.id, action);
      expect(again.statusCode).toBe(400);
      expect(again.json().errors).toEqual([`Action '${action}' is not allowed in status 'qualified'.`]);
    }
    const i = await act(w.vendor, b.id, 'invalidate', { note: 'Spam' });
    expect(i.json()).toMatchObject({ status: 'invalid', note: 'Spam' });
    expect((await act(w.vendor, b.id, 'qualify')).json().errors).toEqual([
      "Action 'qualify' is not allowed in status 'invalid'.",
    ]);
    expect((await act(w.vendor, b.id, 'invalidate', { note: 'x'.repeat(300) })).statusCode).toBe(400);
    const audit = await ok(t, w.vendor, 'GET', `/audit/records?object.id=${a.id}`);
    expect(audit.map((r: any) => r.action).sort()).toEqual(['create', 'qualify']);
  });

  it('counts new leads on the vendor’s dashboard only', async () => {
    const list = await call(w.vendor, 'GET', '/leads/records?status=pending&limit=0');
    const total = Number(String(list.headers['content-range']).split('/')[1]);
    const stats = await ok(t, w.vendor, 'POST', `/accounts/${t.demo.vendor.id}/statistics`, undefined, 200);
    expect(stats.leads.count).toBe(total);
    expect(total).toBeGreaterThan(0);
    const providerStats = await ok(t, w.provider, 'POST', `/accounts/${t.demo.provider.id}/statistics`, undefined, 200);
    expect(providerStats.leads).toBeUndefined();
  });
});

describe('reCAPTCHA on the embed, when the installation checks it', () => {
  let c: World;
  let verifier: Server;
  beforeAll(async () => {
    verifier = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: new URLSearchParams(body).get('response') === 'human' }));
      });
    });
    await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', r));
    const port = (verifier.address() as { port: number }).port;
    c = await openWorld({ recaptchaSecret: 'test-secret', recaptchaVerifyUrl: `http://127.0.0.1:${port}/siteverify` });
    const form = await ok(c.t, c.vendor, 'POST', '/leads/forms', { name: 'Checked' });
    await ok(c.t, c.vendor, 'POST', `/leads/forms/${form.id}/activate`, undefined, 200);
    await ok(c.t, c.vendor, 'PUT', `/leads/listings/${c.listing.id}/form`, { id: form.id }, 200);
  }, 60_000);
  afterAll(async () => {
    await c?.t.close();
    await new Promise((r) => verifier?.close(r));
  });

  it('needs a solved check: missing or refused is a 400 on recaptcha, solved is stored', async () => {
    const send = (extra: object) =>
      c.t.app.inject({
        method: 'POST',
        url: `${API}/embed/leads/listings/${c.listing.id}/leads`,
        payload: { data: { name: 'Hu Man', email: 'hu@man.example' }, ...extra },
      });
    const missing = await send({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['recaptcha: This field is required']);
    expect((await send({ recaptcha: 'robot' })).json().errors).toEqual([
      'recaptcha: The reCAPTCHA answer was not accepted.',
    ]);
    expect((await send({ recaptcha: 'human' })).statusCode).toBe(201);
  });
});
