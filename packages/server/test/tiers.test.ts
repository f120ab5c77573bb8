import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/http/errors.ts';
import { onTierAccountChanged } from '../src/modules/customers/public.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
let provider: Session;
const url = '/public/v1/tier/accounts';

const customer = (over: Record<string, unknown> = {}) => ({
  name: 'Northwind Traders',
  external_uid: 'nw-0001',
  external_id: 'NW-1',
  tax_id: 'DE123456789',
  contact_info: {
    address_line1: 'Friedrichstraße 68',
    city: 'Berlin',
    state: 'Berlin',
    postal_code: '10117',
    country: 'DE',
    contact: {
      first_name: 'Nina',
      last_name: 'Wolf',
      email: 'nina.wolf@northwind.example',
      phone_number: { country_code: '+49', area_code: '30', phone_number: '12345678' },
    },
  },
  ...over,
});

const create = async (body: object, s: Session = provider) => t.call(s, { method: 'POST', url, payload: body });
const created = async (body: object) => {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

beforeAll(async () => {
  t = await testApp();
  provider = await t.login('provider@demo.trellis');
});
afterAll(async () => {
  await t?.close();
});

describe('tier account form (spec §5)', () => {
  it('names every missing required field with "This field is required"', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json().error_code).toBe('VAL_001');
    expect(res.json().errors).toEqual([
      'name: This field is required',
      'external_uid: This field is required',
      'contact_info.address_line1: This field is required',
      'contact_info.city: This field is required',
      'contact_info.state: This field is required',
      'contact_info.postal_code: This field is required',
      'contact_info.country: This field is required',
      'contact_info.contact.first_name: This field is required',
      'contact_info.contact.last_name: This field is required',
      'contact_info.contact.email: This field is required',
      'contact_info.contact.phone_number.phone_number: This field is required',
    ]);
  });

  it('checks name length, e-mail and phone by country, then accepts the corrected form', async () => {
    const base = customer();
    const bad = await create({
      ...base,
      name: 'Abc',
      contact_info: {
        ...base.contact_info,
        contact: {
          ...base.contact_info.contact,
          email: 'nina@',
          phone_number: { country_code: '+1', phone_number: '12' },
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      'name: Input must be at least 4 characters',
      'contact_info.contact.email: E-mail must be valid',
      'contact_info.contact.phone_number.phone_number: Format is not correct',
    ]);

    const long = await create({ ...base, name: 'x'.repeat(65) });
    expect(long.json().errors).toEqual(['name: Input must be at most 64 characters']);

    const badPart = await create({
      ...base,
      contact_info: {
        ...base.contact_info,
        contact: { ...base.contact_info.contact, phone_number: { country_code: 'ZZZ', phone_number: '12345678' } },
      },
    });
    expect(badPart.json().errors).toEqual([
      'contact_info.contact.phone_number.country_code: Format is not correct for country code',
    ]);

    const ok = await create(base);
    expect(ok.statusCode).toBe(201);
    const a = ok.json();
    expect(a.id).toMatch(/^TA-\d{4}-\d{4}-\d{4}$/);
    expect(a).toMatchObject({
      name: 'Northwind Traders',
      type: 'customer',
      scopes: ['customer'],
      status: 'active',
      version: 1,
      db: 'EU',
      environment: 'production',
      owner: { id: t.demo.provider.id, name: 'Demo Provider' },
      external_uid: 'nw-0001',
      external_id: 'NW-1',
      tax_id: 'DE123456789',
    });
    // a customer bought from directly has no parent
    expect(a).not.toHaveProperty('parent');
    expect(a.contact_info.contact.phone_number).toEqual({
      country_code: '+49',
      area_code: '30',
      phone_number: '12345678',
    });
    expect(a.events.created.by.name).toBe('Paul Provider');

    const got = await t.call(provider, { method: 'GET', url: `${url}/${a.id}` });
    expect(got.json()).toEqual(a);
  });

  it('validates updates field by field and keeps what is not sent', async () => {
    const a = await created(customer({ name: 'Fabrikam Ltd', external_uid: 'fab-1', external_id: 'FAB-1' }));
    const bad = await t.call(provider, {
      method: 'PUT',
      url: `${url}/${a.id}`,
      payload: { name: 'Fab', external_uid: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      'name: Input must be at least 4 characters',
      'external_uid: This field is required',
    ]);
    const partial = await t.call(provider, {
      method: 'PUT',
      url: `${url}/${a.id}`,
      payload: { contact_info: { city: 'Hamburg' } },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toContain('contact_info.address_line1: This field is required');
    const ok = await t.call(provider, { method: 'PUT', url: `${url}/${a.id}`, payload: { tax_id: 'GB999' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Fabrikam Ltd', tax_id: 'GB999', external_uid: 'fab-1', version: 2 });
  });
});

describe('tier account versions', () => {
  it('increments the version on every change and keeps each earlier state', async () => {
    const a = await created(customer({ name: 'Contoso GmbH', external_uid: 'ct-1', external_id: 'CT-1' }));
    const put = (payload: object) => t.call(provider, { method: 'PUT', url: `${url}/${a.id}`, payload });
    expect((await put({ name: 'Contoso Europe GmbH' })).json().version).toBe(2);
    const moved = await put({
      contact_info: { ...a.contact_info, city: 'Munich', state: 'Bavaria', postal_code: '80331' },
    });
    expect(moved.json()).toMatchObject({ version: 3, contact_info: { city: 'Munich' } });
    // Nothing changed: no new version.
    expect((await put({ name: 'Contoso Europe GmbH' })).json().version).toBe(3);

    const list = await t.call(provider, { method: 'GET', url: `${url}/${a.id}/versions` });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('items 0-2/3');
    expect(list.json().map((v: any) => [v.version, v.name, v.contact_info.city])).toEqual([
      [3, 'Contoso Europe GmbH', 'Munich'],
      [2, 'Contoso Europe GmbH', 'Berlin'],
      [1, 'Contoso GmbH', 'Berlin'],
    ]);
    const v1 = await t.call(provider, { method: 'GET', url: `${url}/${a.id}/versions/1` });
    expect(v1.json()).toEqual(a);
    expect((await t.call(provider, { method: 'GET', url: `${url}/${a.id}/versions/9` })).statusCode).toBe(404);
    expect((await t.call(provider, { method: 'GET', url: `${url}/${a.id}/versions/abc` })).statusCode).toBe(404);

    const audit = await t.call(provider, { method: 'GET', url: `/public/v1/audit/records?eq(object.id,${a.id})` });
    expect(audit.statusCode).toBe(200);
    // create + two changes + the no-op update (still audited, with no field changed)
    expect(
      audit
        .json()
        .map((r: any) => r.action)
        .sort(),
    ).toEqual(['create', 'update', 'update', 'update']);
  });

  it('calls onTierAccountChanged inside the change, and a refusing listener undoes it', async () => {
    const a = await created(customer({ name: 'Litware Inc', external_uid: 'lw-1', external_id: 'LW-1' }));
    const seen: string[] = [];
    const off = onTierAccountChanged(({ change, before, after }) => {
      seen.push(`${change} ${before.version}->${after.version}`);
      if (after.name === 'Refused Name') throw ApiError.badRequest('name: refused by a listener.');
    });
    try {
      await t.call(provider, { method: 'PUT', url: `${url}/${a.id}`, payload: { name: 'Litware Incorporated' } });
      const refused = await t.call(provider, {
        method: 'PUT',
        url: `${url}/${a.id}`,
        payload: { name: 'Refused Name' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual(['name: refused by a listener.']);
    } finally {
      off();
    }
    expect(seen).toEqual(['update 1->2', 'update 2->3']);
    const now = (await t.call(provider, { method: 'GET', url: `${url}/${a.id}` })).json();
    expect(now).toMatchObject({ name: 'Litware Incorporated', version: 2 });
    const versions = (await t.call(provider, { method: 'GET', url: `${url}/${a.id}/versions` })).json();
    expect(versions.map((v: any) => v.version)).toEqual([2, 1]);
  });
});

describe('tiers and decommission', () => {
  it('makes resellers T1 or T2 by parent, and a customer under a reseller', async () => {
    const t1 = await created(
      customer({ name: 'Global Reseller', type: 'reseller', external_uid: 'r-1', external_id: 'R-1' }),
    );
    expect(t1.scopes).toEqual(['tier1']);
    const t2 = await created(
      customer({
        name: 'Regional Reseller',
        type: 'reseller',
        parent: { id: t1.id },
        external_uid: 'r-2',
        external_id: 'R-2',
      }),
    );
    expect(t2).toMatchObject({
      scopes: ['tier2'],
      parent: { id: t1.id, name: 'Global Reseller', external_id: 'R-1' },
    });
    // the T1 has no parent of its own
    expect(t2.parent).not.toHaveProperty('parent');
    const c = await created(
      customer({ name: 'Small Shop', parent: { id: t2.id }, external_uid: 'c-9', external_id: 'C-9' }),
    );
    expect(c).toMatchObject({ scopes: ['customer'], parent: { id: t2.id, parent: { id: t1.id } } });

    const underT2 = await create(
      customer({
        name: 'Sub Reseller',
        type: 'reseller',
        parent: { id: t2.id },
        external_uid: 'r-3',
        external_id: 'R-3',
      }),
    );
    expect(underT2.statusCode).toBe(400);
    expect(underT2.json().errors[0]).toMatch(/^parent\.id: .*T2; a reseller's parent must be a T1\.$/);
    const underCustomer = await create(
      customer({ name: 'Nope Shop', parent: { id: c.id }, external_uid: 'c-10', external_id: 'C-10' }),
    );
    expect(underCustomer.json().errors[0]).toMatch(/^parent\.id: .* only a reseller can be a parent\.$/);
    const unknown = await create(
      customer({ name: 'Ghost Shop', parent: { id: 'TA-0000-0000-0000' }, external_uid: 'c-11', external_id: 'C-11' }),
    );
    expect(unknown.json().errors).toEqual(['parent.id: Tier account TA-0000-0000-0000 not found.']);

    // Renaming the T1 shows in its children's references.
    await t.call(provider, { method: 'PUT', url: `${url}/${t1.id}`, payload: { name: 'Global Reseller AG' } });
    const shop = (await t.call(provider, { method: 'GET', url: `${url}/${c.id}` })).json();
    expect(shop.parent.parent.name).toBe('Global Reseller AG');

    const customers = (await t.call(provider, { method: 'GET', url: `${url}?eq(scopes,customer)&limit=1000` })).json();
    expect(customers.every((x: any) => x.scopes[0] === 'customer')).toBe(true);
    expect(customers.map((x: any) => x.id)).toContain(c.id);
    const children = (await t.call(provider, { method: 'GET', url: `${url}?eq(parent.id,${t1.id})` })).json();
    expect(children.map((x: any) => x.id)).toEqual([t2.id]);

    // A reseller with accounts under it is neither decommissioned nor turned into a customer.
    const busy = await t.call(provider, { method: 'DELETE', url: `${url}/${t2.id}` });
    expect(busy.statusCode).toBe(400);
    expect(busy.json().errors[0]).toContain('decommission them first');
    const retype = await t.call(provider, { method: 'PUT', url: `${url}/${t2.id}`, payload: { type: 'customer' } });
    expect(retype.statusCode).toBe(400);
  });

  it('decommissions on DELETE: final, out of lists, version kept, external ids free again', async () => {
    const a = await created(customer({ name: 'Adventure Works', external_uid: 'aw-1', external_id: 'AW-1' }));
    const del = await t.call(provider, { method: 'DELETE', url: `${url}/${a.id}` });
    expect(del.statusCode).toBe(204);
    const got = (await t.call(provider, { method: 'GET', url: `${url}/${a.id}` })).json();
    expect(got).toMatchObject({ status: 'decommissioned', version: 2 });
    expect(got.events.decommissioned.by.name).toBe('Paul Provider');

    const listed = (await t.call(provider, { method: 'GET', url: `${url}?limit=1000` })).json();
    expect(listed.map((x: any) => x.id)).not.toContain(a.id);
    const asked = (await t.call(provider, { method: 'GET', url: `${url}?eq(status,decommissioned)` })).json();
    expect(asked.map((x: any) => x.id)).toEqual([a.id]);

    const again = await t.call(provider, { method: 'DELETE', url: `${url}/${a.id}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual(["Action 'delete' is not allowed in status 'decommissioned'."]);
    const edit = await t.call(provider, {
      method: 'PUT',
      url: `${url}/${a.id}`,
      payload: { name: 'Adventure Works 2' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual(["Action 'update' is not allowed in status 'decommissioned'."]);

    const versions = (await t.call(provider, { method: 'GET', url: `${url}/${a.id}/versions` })).json();
    expect(versions.map((v: any) => [v.version, v.status])).toEqual([
      [2, 'decommissioned'],
      [1, 'active'],
    ]);
    // The same customer can be created again.
    expect(
      (await create(customer({ name: 'Adventure Works', external_uid: 'aw-1', external_id: 'AW-1' }))).statusCode,
    ).toBe(201);
  });
});

describe('external ids', () => {
  it('are unique per provider, on create and on update', async () => {
    await created(customer({ name: 'Tailspin Toys', external_uid: 'ts-1', external_id: 'TS-1' }));
    const dupUid = await create(customer({ name: 'Tailspin Two', external_uid: 'ts-1', external_id: 'TS-2' }));
    expect(dupUid.statusCode).toBe(400);
    expect(dupUid.json().errors[0]).toMatch(/^external_uid: Tier account TA-[\d-]+ already has external_uid 'ts-1'\.$/);
    const dupId = await create(customer({ name: 'Tailspin Two', external_uid: 'ts-2', external_id: 'TS-1' }));
    expect(dupId.json().errors[0]).toMatch(/^external_id: .* already has external_id 'TS-1'\.$/);

    const b = await created(customer({ name: 'Tailspin Two', external_uid: 'ts-2', external_id: 'TS-2' }));
    const clash = await t.call(provider, { method: 'PUT', url: `${url}/${b.id}`, payload: { external_uid: 'ts-1' } });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors[0]).toContain("already has external_uid 'ts-1'");
    // Its own value is no clash.
    expect(
      (await t.call(provider, { method: 'PUT', url: `${url}/${b.id}`, payload: { external_uid: 'ts-2' } })).statusCode,
    ).toBe(200);
  });
});

describe('isolation', () => {
  it("hides Demo Provider's tier accounts from Demo Vendor and Other Vendor (404 / empty lists)", async () => {
    const a = await created(customer({ name: 'Wide World Importers', external_uid: 'ww-1', external_id: 'WW-1' }));
    for (const email of ['vendor@demo.trellis', 'other@demo.trellis']) {
      const s = await t.login(email);
      const list = await t.call(s, { method: 'GET', url });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([]);
      expect((await t.call(s, { method: 'GET', url: `${url}?eq(status,decommissioned)` })).json()).toEqual([]);
      for (const [method, path, payload] of [
        ['GET', `${url}/${a.id}`, undefined],
        ['PUT', `${url}/${a.id}`, { name: 'Hijacked' }],
        ['DELETE', `${url}/${a.id}`, undefined],
        ['GET', `${url}/${a.id}/versions`, undefined],
        ['GET', `${url}/${a.id}/versions/1`, undefined],
      ] as const) {
        const res = await t.call(s, { method, url: path, payload });
        expect(res.statusCode, `${email} ${method} ${path}`).toBe(404);
      }
      // Vendors keep no customers of their own.
      const made = await create(customer({ external_uid: 'v-1' }), s);
      expect(made.statusCode).toBe(403);
      expect(made.json().errors).toEqual(['Only provider accounts manage tier accounts.']);
    }
    // A parent from another tenant is unknown.
    const otherProviderParent = await create(
      customer({ name: 'Ok Shop', parent: { id: 'TA-1111-2222-3333' }, external_uid: 'ok-1', external_id: 'OK-1' }),
    );
    expect(otherProviderParent.statusCode).toBe(400);
    const untouched = (await t.call(provider, { method: 'GET', url: `${url}/${a.id}` })).json();
    expect(untouched).toMatchObject({ name: 'Wide World Importers', version: 1 });
  });

  it('answers bad queries with 400, never 5xx', async () => {
    expect((await t.call(provider, { method: 'GET', url: `${url}?eq(secret,1)` })).statusCode).toBe(400);
    expect((await t.call(provider, { method: 'GET', url: `${url}?eq(version,abc)` })).statusCode).toBe(400);
    expect((await t.call(provider, { method: 'GET', url: `${url}/TA-0000-0000-0000/versions` })).statusCode).toBe(404);
    expect((await create({ ...customer({ external_uid: 'q-1' }), contact_info: 'Berlin' })).statusCode).toBe(400);
    expect((await create({ ...customer({ external_uid: 'q-2' }), type: 'distributor' })).json().errors).toEqual([
      'type: type must be one of customer, reseller',
    ]);
    expect(
      (await create({ ...customer({ external_uid: 'q-3', external_id: 'Q-3' }), hub: { id: 'HB-0000-0000' } })).json()
        .errors,
    ).toEqual(['hub.id: Hub HB-0000-0000 not found.']);
  });

  it("links a hub of the provider's own, never another account's", async () => {
    const at = new Date().toISOString();
    const hub = (id: string, account: string) => ({
      id,
      account_id: account,
      name: `Hub ${id}`,
      created_at: at,
      updated_at: at,
      data: JSON.stringify({ id, name: `Hub ${id}` }),
    });
    await t.db
      .insertInto('hubs')
      .values([hub('HB-1111-1111', t.demo.provider.id), hub('HB-2222-2222', t.demo.vendor.id)])
      .execute();
    const own = await create(
      customer({ name: 'Hubbed Shop', external_uid: 'h-1', external_id: 'H-1', hub: { id: 'HB-1111-1111' } }),
    );
    expect(own.json().hub).toEqual({ id: 'HB-1111-1111', name: 'Hub HB-1111-1111' });
    const listed = (await t.call(provider, { method: 'GET', url: `${url}?eq(hub.id,HB-1111-1111)` })).json();
    expect(listed.map((a: any) => a.id)).toEqual([own.json().id]);
    const foreign = await create(
      customer({ name: 'Foreign Hub Shop', external_uid: 'h-2', external_id: 'H-2', hub: { id: 'HB-2222-2222' } }),
    );
    expect(foreign.json().errors).toEqual(['hub.id: Hub HB-2222-2222 not found.']);
  });
});
