import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Session, type TestApp } from './helpers.ts';

/**
 * The isolation matrix: every object Demo Vendor owns is invisible to Other Vendor and to Demo Provider,
 * through a user session and through an API token — list, get, write, delete and every action answer
 * as if the object did not exist (404), and lists never include it.
 */

let t: TestApp;
let owner: Session;
const fixture: Record<string, string> = {};

interface Probe {
  name: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: () => string;
  payload?: () => unknown;
}
interface Listing {
  name: string;
  url: () => string;
  id: () => string;
}

const v = () => t.demo.vendor.id;

const probes: Probe[] = [
  { name: 'account get', method: 'GET', url: () => `/public/v1/accounts/${v()}` },
  {
    name: 'account update',
    method: 'PUT',
    url: () => `/public/v1/accounts/${v()}`,
    payload: () => ({ name: 'Hijacked' }),
  },
  { name: 'account statistics', method: 'GET', url: () => `/public/v1/accounts/${v()}/statistics` },
  { name: 'token get', method: 'GET', url: () => `/public/v1/auth/tokens/${fixture.token}` },
  {
    name: 'token update',
    method: 'PUT',
    url: () => `/public/v1/auth/tokens/${fixture.token}`,
    payload: () => ({ name: 'x' }),
  },
  { name: 'token deactivate', method: 'POST', url: () => `/public/v1/auth/tokens/${fixture.token}/deactivate` },
  { name: 'token activate', method: 'POST', url: () => `/public/v1/auth/tokens/${fixture.token}/activate` },
  { name: 'token rotate', method: 'POST', url: () => `/public/v1/auth/tokens/${fixture.token}/rotate` },
  {
    name: 'token renew',
    method: 'POST',
    url: () => `/public/v1/auth/tokens/${fixture.token}/renew`,
    payload: () => ({}),
  },
  { name: 'token permissions', method: 'GET', url: () => `/public/v1/auth/tokens/${fixture.token}/permissions` },
  {
    name: 'token grant',
    method: 'POST',
    url: () => `/public/v1/auth/tokens/${fixture.token}/permissions`,
    payload: () => [{ id: 'MD-0001' }],
  },
  { name: 'token delete', method: 'DELETE', url: () => `/public/v1/auth/tokens/${fixture.token}` },
  { name: 'group get', method: 'GET', url: () => `/public/v1/accounts/${v()}/groups/${fixture.group}` },
  {
    name: 'group update',
    method: 'PUT',
    url: () => `/public/v1/accounts/${v()}/groups/${fixture.group}`,
    payload: () => ({ name: 'x' }),
  },
  { name: 'group users', method: 'GET', url: () => `/public/v1/accounts/${v()}/groups/${fixture.group}/users` },
  {
    name: 'group add user',
    method: 'POST',
    url: () => `/public/v1/accounts/${v()}/groups/${fixture.group}/users`,
    payload: () => [{ id: fixture.member }],
  },
  {
    name: 'group permissions',
    method: 'GET',
    url: () => `/public/v1/accounts/${v()}/groups/${fixture.group}/permissions`,
  },
  {
    name: 'group grant',
    method: 'POST',
    url: () => `/public/v1/accounts/${v()}/groups/${fixture.group}/permissions`,
    payload: () => [{ id: 'MD-0001' }],
  },
  { name: 'group delete', method: 'DELETE', url: () => `/public/v1/accounts/${v()}/groups/${fixture.group}` },
  { name: 'member get', method: 'GET', url: () => `/public/v1/accounts/${v()}/users/${fixture.member}` },
  {
    name: 'member update',
    method: 'PUT',
    url: () => `/public/v1/accounts/${v()}/users/${fixture.member}`,
    payload: () => ({ groups: [] }),
  },
  { name: 'member reinvite', method: 'POST', url: () => `/public/v1/accounts/${v()}/users/${fixture.member}/reinvite` },
  { name: 'member activate', method: 'POST', url: () => `/public/v1/accounts/${v()}/users/${fixture.member}/activate` },
  { name: 'member delete', method: 'DELETE', url: () => `/public/v1/accounts/${v()}/users/${fixture.member}` },
  { name: 'user get', method: 'GET', url: () => `/public/v1/users/${fixture.ownerUser}` },
  {
    name: 'user update',
    method: 'PUT',
    url: () => `/public/v1/users/${fixture.ownerUser}`,
    payload: () => ({ name: 'x' }),
  },
  { name: 'user accounts', method: 'GET', url: () => `/public/v1/users/${fixture.ownerUser}/accounts` },
  {
    name: 'user settings get',
    method: 'GET',
    url: () => `/public/v1/users/${fixture.ownerUser}/accounts/${v()}/settings/recents`,
  },
  {
    name: 'user settings put',
    method: 'PUT',
    url: () => `/public/v1/users/${fixture.ownerUser}/accounts/${v()}/settings/recents`,
    payload: () => ({ items: [] }),
  },
  { name: 'sessions list', method: 'GET', url: () => `/public/v1/users/${fixture.ownerUser}/sessions` },
  {
    name: 'session get',
    method: 'GET',
    url: () => `/public/v1/users/${fixture.ownerUser}/sessions/${owner.sessionId}`,
  },
  {
    name: 'session terminate',
    method: 'POST',
    url: () => `/public/v1/users/${fixture.ownerUser}/sessions/${owner.sessionId}/terminate`,
  },
  { name: 'groups list', method: 'GET', url: () => `/public/v1/accounts/${v()}/groups` },
  {
    name: 'group create',
    method: 'POST',
    url: () => `/public/v1/accounts/${v()}/groups`,
    payload: () => ({ name: 'Intruders', permissions: [] }),
  },
  { name: 'members list', method: 'GET', url: () => `/public/v1/accounts/${v()}/users` },
  {
    name: 'member invite',
    method: 'POST',
    url: () => `/public/v1/accounts/${v()}/users`,
    payload: () => ({ email: 'spy@example.com' }),
  },
  { name: 'audit record get', method: 'GET', url: () => `/public/v1/audit/records/${fixture.audit}` },
];

const listings: Listing[] = [
  { name: 'accounts', url: () => '/public/v1/accounts', id: v },
  { name: 'tokens', url: () => '/public/v1/auth/tokens', id: () => fixture.token },
  { name: 'audit records', url: () => '/public/v1/audit/records', id: () => fixture.audit },
  { name: 'users', url: () => '/public/v1/users', id: () => fixture.member },
];

beforeAll(async () => {
  t = await testApp();
  owner = await t.login('vendor@demo.trellis');
  fixture.ownerUser = owner.body.user.id;
  const token = await t.call(owner, {
    method: 'POST',
    url: '/public/v1/auth/tokens',
    payload: { name: 'Vendor key', permissions: [{ id: 'MD-0000' }] },
  });
  expect(token.statusCode).toBe(201);
  fixture.token = token.json().id;
  const group = await t.call(owner, {
    method: 'POST',
    url: `/public/v1/accounts/${v()}/groups`,
    payload: { name: 'Support', description: 'Support staff', permissions: [] },
  });
  expect(group.statusCode).toBe(201);
  fixture.group = group.json().id;
  const member = await t.call(owner, {
    method: 'POST',
    url: `/public/v1/accounts/${v()}/users`,
    payload: { email: 'new.hire@vendor.example', name: 'New Hire' },
  });
  expect(member.statusCode).toBe(201);
  fixture.member = member.json().id;
  const audit = await t.call(owner, { method: 'GET', url: '/public/v1/audit/records?limit=1' });
  fixture.audit = audit.json()[0].id;
});
afterAll(async () => {
  await t?.close();
});

async function intruders(): Promise<[string, Session | string][]> {
  const other = await t.login('other@demo.trellis');
  const provider = await t.login('provider@demo.trellis');
  const key = await t.call(other, {
    method: 'POST',
    url: '/public/v1/auth/tokens',
    payload: { name: 'Other key', permissions: [{ id: 'MD-0000' }] },
  });
  return [
    ['Other Vendor user', other],
    ['Demo Provider user', provider],
    ['Other Vendor API key', key.json().token],
  ];
}

describe('isolation matrix: Demo Vendor objects seen by other tenants', () => {
  it('every probe answers 404 for every intruder, and the object is unchanged', async () => {
    const failures: string[] = [];
    for (const [who, auth] of await intruders()) {
      for (const p of probes) {
        const res = await t.call(auth, { method: p.method, url: p.url(), payload: p.payload?.() as any });
        if (res.statusCode !== 404) failures.push(`${who} · ${p.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else expect(res.headers['content-type']).toBe('application/json');
      }
    }
    expect(failures).toEqual([]);
    // nothing was changed or removed by the attempts
    for (const url of [
      `/public/v1/auth/tokens/${fixture.token}`,
      `/public/v1/accounts/${v()}/groups/${fixture.group}`,
      `/public/v1/accounts/${v()}/users/${fixture.member}`,
    ]) {
      const res = await t.call(owner, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    expect((await t.call(owner, { method: 'GET', url: `/public/v1/accounts/${v()}` })).json().name).toBe('Demo Vendor');
    expect((await t.call(owner, { method: 'GET', url: `/public/v1/auth/tokens/${fixture.token}` })).json().status).toBe(
      'active',
    );
  });

  it("lists never include another tenant's objects", async () => {
    const failures: string[] = [];
    for (const [who, auth] of await intruders()) {
      for (const l of listings) {
        const res = await t.call(auth, { method: 'GET', url: `${l.url()}?eq(id,${l.id()})` });
        if (res.statusCode !== 200 || res.json().length !== 0)
          failures.push(`${who} · ${l.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('the owner itself sees every probed object (the matrix is not vacuous)', async () => {
    for (const l of listings) {
      const res = await t.call(owner, { method: 'GET', url: `${l.url()}?eq(id,${l.id()})` });
      expect(res.json().length, l.name).toBe(1);
    }
  });
});
