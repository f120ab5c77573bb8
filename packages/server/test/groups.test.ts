import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
let vera: Session;
let base: string;
beforeAll(async () => {
  t = await testApp();
  vera = await t.login('vendor@demo.trellis');
  base = `/public/v1/accounts/${t.demo.vendor.id}/groups`;
});
afterAll(async () => {
  await t?.close();
});

const maxId = () => t.demo.users['multi@demo.trellis'].id;
const veraId = () => t.demo.users['vendor@demo.trellis'].id;

async function newGroup(name: string, permissions: unknown[] = []) {
  const res = await t.call(vera, {
    method: 'POST',
    url: base,
    payload: { name, description: `${name} team`, permissions },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('groups', () => {
  it('creates, lists with member counts, updates and deletes a group', async () => {
    const g = await newGroup('Support', ['MD-0023']);
    expect(g).toMatchObject({ name: 'Support', description: 'Support team', revision: 1, stats: { users: 0 } });
    expect(g.id).toMatch(/^UG-\d{3}-\d{3}-\d{3}$/);
    expect(g.permissions).toMatchObject([
      { id: 'MD-0023', object: { id: 'MD-0023' }, events: { granted: { by: { name: 'Vera Vendor' } } } },
    ]);

    const list = await t.call(vera, { method: 'GET', url: `${base}?ordering(name)` });
    expect(list.json().map((x: any) => [x.name, x.stats.users])).toEqual([
      ['Admins', 2],
      ['Support', 0],
    ]);

    const put = await t.call(vera, { method: 'PUT', url: `${base}/${g.id}`, payload: { name: 'Helpdesk' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Helpdesk', description: 'Support team', revision: 2 });

    expect((await t.call(vera, { method: 'DELETE', url: `${base}/${g.id}` })).statusCode).toBe(204);
    expect((await t.call(vera, { method: 'GET', url: `${base}/${g.id}` })).statusCode).toBe(404);
  });

  it('validates names, descriptions and modules', async () => {
    const long = await t.call(vera, {
      method: 'POST',
      url: base,
      payload: { name: 'x'.repeat(33), description: 'd'.repeat(513) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      'name: Input must be at most 32 characters',
      'description: Input must be at most 512 characters',
    ]);
    const missing = await t.call(vera, { method: 'POST', url: base, payload: {} });
    expect(missing.json().errors).toEqual(['name: This field is required']);
    const unknown = await t.call(vera, {
      method: 'POST',
      url: base,
      payload: { name: 'Bad', permissions: ['MD-9999'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toContain('MD-9999');
  });

  it('grants and revokes permissions; unknown modules are refused by name', async () => {
    const g = await newGroup('Catalogue');
    const url = `${base}/${g.id}/permissions`;
    const add = await t.call(vera, { method: 'POST', url, payload: { object: { id: 'MD-0002' } } });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ id: 'MD-0002', object: { id: 'MD-0002' } });
    await t.call(vera, { method: 'POST', url, payload: { id: 'MD-0006' } });
    const bad = await t.call(vera, { method: 'POST', url, payload: { id: 'MD-4242' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toContain('MD-4242');

    const list = await t.call(vera, { method: 'GET', url });
    expect(list.json().map((p: any) => p.id)).toEqual(['MD-0002', 'MD-0006']);
    expect(list.headers['content-range']).toBe('items 0-1/2');
    const filtered = await t.call(vera, { method: 'GET', url: `${url}?eq(object.id,MD-0006)` });
    expect(filtered.json().map((p: any) => p.id)).toEqual(['MD-0006']);

    expect((await t.call(vera, { method: 'DELETE', url, payload: { id: 'MD-0002' } })).statusCode).toBe(204);
    expect((await t.call(vera, { method: 'GET', url })).json().map((p: any) => p.id)).toEqual(['MD-0006']);
    const notHeld = await t.call(vera, { method: 'DELETE', url, payload: { id: 'MD-0002' } });
    expect(notHeld.statusCode).toBe(400);
    expect((await t.call(vera, { method: 'GET', url: `${base}/${g.id}` })).json().revision).toBe(4);
  });

  it('group permissions decide what members may do', async () => {
    const g = await newGroup('Readers', ['MD-0002']);
    // Max leaves Admins for Readers: no more MD-0001.
    const admins = (await t.call(vera, { method: 'GET', url: `${base}?eq(name,Admins)` })).json()[0];
    expect(
      (await t.call(vera, { method: 'DELETE', url: `${base}/${admins.id}/users`, payload: { id: maxId() } }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.call(vera, { method: 'POST', url: `${base}/${g.id}/users`, payload: { id: maxId() } })).statusCode,
    ).toBe(201);
    const max = await t.login('multi@demo.trellis');
    expect(max.body.account.id).toBe(t.demo.vendor.id);
    expect((await t.call(max, { method: 'GET', url: base })).statusCode).toBe(403);
    // Granting MD-0001 to the group lets him in on the next call.
    await t.call(vera, { method: 'POST', url: `${base}/${g.id}/permissions`, payload: { id: 'MD-0001' } });
    expect((await t.call(max, { method: 'GET', url: base })).statusCode).toBe(200);
    // Put him back into Admins for the tests below.
    await t.call(vera, { method: 'POST', url: `${base}/${admins.id}/users`, payload: { id: maxId() } });
  });

  it('lists, adds, removes and replaces group members', async () => {
    const g = await newGroup('Team');
    const url = `${base}/${g.id}/users`;
    const add = await t.call(vera, { method: 'POST', url, payload: { id: maxId() } });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ id: maxId(), email: 'multi@demo.trellis' });
    // Adding again is harmless.
    expect((await t.call(vera, { method: 'POST', url, payload: { id: maxId() } })).statusCode).toBe(201);
    const list = await t.call(vera, { method: 'GET', url });
    expect(list.json().map((u: any) => u.id)).toEqual([maxId()]);
    expect(list.json()[0].events.added.at).toBeTruthy();
    expect((await t.call(vera, { method: 'GET', url: `${base}/${g.id}` })).json().stats.users).toBe(1);

    const other = t.demo.users['other@demo.trellis'].id;
    const stranger = await t.call(vera, { method: 'POST', url, payload: { id: other } });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors[0]).toContain(other);

    // A replacement that fails leaves the old membership in place.
    const failed = await t.call(vera, { method: 'PUT', url, payload: [{ id: veraId() }, { id: other }] });
    expect(failed.statusCode).toBe(400);
    expect((await t.call(vera, { method: 'GET', url })).json().map((u: any) => u.id)).toEqual([maxId()]);
    const replaced = await t.call(vera, { method: 'PUT', url, payload: [{ id: veraId() }] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().map((u: any) => u.id)).toEqual([veraId()]);

    expect((await t.call(vera, { method: 'DELETE', url, payload: { id: veraId() } })).statusCode).toBe(204);
    expect((await t.call(vera, { method: 'GET', url })).json()).toEqual([]);
    expect((await t.call(vera, { method: 'DELETE', url, payload: { id: veraId() } })).statusCode).toBe(400);
  });

  it('keeps at least one member with full access', async () => {
    const admins = (await t.call(vera, { method: 'GET', url: `${base}?eq(name,Admins)` })).json()[0];
    expect(
      (await t.call(vera, { method: 'DELETE', url: `${base}/${admins.id}/users`, payload: { id: maxId() } }))
        .statusCode,
    ).toBe(204);
    const last = await t.call(vera, { method: 'DELETE', url: `${base}/${admins.id}/users`, payload: { id: veraId() } });
    expect(last.statusCode).toBe(400);
    expect(last.json().errors[0]).toContain('MD-0000');
    const revoke = await t.call(vera, {
      method: 'DELETE',
      url: `${base}/${admins.id}/permissions`,
      payload: { id: 'MD-0000' },
    });
    expect(revoke.statusCode).toBe(400);
    expect((await t.call(vera, { method: 'DELETE', url: `${base}/${admins.id}` })).statusCode).toBe(400);
    expect(
      (await t.call(vera, { method: 'GET', url: `${base}/${admins.id}/users` })).json().map((u: any) => u.id),
    ).toEqual([veraId()]);
  });
});

describe('tenant isolation', () => {
  it('every group of Demo Vendor is 404 for Other Vendor', async () => {
    const g = await newGroup('Private', ['MD-0002']);
    const olga = await t.login('other@demo.trellis');
    const list = await t.call(olga, { method: 'GET', url: `/public/v1/accounts/${t.demo.other.id}/groups` });
    expect(list.json().map((x: any) => x.name)).toEqual(['Admins']);
    for (const account of [t.demo.vendor.id, t.demo.other.id]) {
      const groupUrl = `/public/v1/accounts/${account}/groups/${g.id}`;
      const calls: [string, string, unknown?][] = [
        ['GET', groupUrl],
        ['PUT', groupUrl, { name: 'Mine' }],
        ['DELETE', groupUrl],
        ['GET', `${groupUrl}/users`],
        ['POST', `${groupUrl}/users`, { id: veraId() }],
        ['PUT', `${groupUrl}/users`, []],
        ['DELETE', `${groupUrl}/users`, { id: veraId() }],
        ['GET', `${groupUrl}/users/${veraId()}`],
        ['GET', `${groupUrl}/permissions`],
        ['POST', `${groupUrl}/permissions`, { id: 'MD-0001' }],
        ['DELETE', `${groupUrl}/permissions`, { id: 'MD-0002' }],
      ];
      for (const [method, url, payload] of calls) {
        const res = await t.call(olga, { method: method as any, url, payload: payload as any });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const foreign = await t.call(olga, { method: 'GET', url: `/public/v1/accounts/${t.demo.vendor.id}/groups` });
    expect(foreign.statusCode).toBe(404);
    const create = await t.call(olga, {
      method: 'POST',
      url: `/public/v1/accounts/${t.demo.vendor.id}/groups`,
      payload: { name: 'Sneaky' },
    });
    expect(create.statusCode).toBe(404);
    expect((await t.call(vera, { method: 'GET', url: `${base}/${g.id}` })).json()).toMatchObject({
      name: 'Private',
      revision: 1,
    });
  });
});
