import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MODULES, HELPDESK_MODULE, MODULES, accountUserResource, tokenResource } from '@trellis/domain';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

// Issue 11, defect 2: nobody acts on an object that carries more power than they hold. A manager whose group
// grants only users/groups (MD-0001) and API tokens (MD-0014) tries every change on a token, a group and a member
// holding each other module of the account type, derived from the module list: every one is a 403 and changes
// nothing. The same changes on objects within the manager's own modules succeed, so the refusals are not
// an accident of the routes.
const HELD = ['MD-0001', 'MD-0014'];
const MORE_POWER = MODULES.filter(
  (m) => m.visibleTo.includes('vendor') && !HELD.includes(m.id) && m.id !== HELPDESK_MODULE,
).map((m) => m.id);

let t: TestApp;
let admin: Session;
let manager: Session;
let accountId: string;
let plainUserId: string;
let managerId: string;
const API = '/public/v1';

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('vendor@demo.trellis');
  accountId = t.demo.vendor.id;
  const group = await t.call(admin, {
    method: 'POST',
    url: `${API}/accounts/${accountId}/groups`,
    payload: { name: 'Managers', permissions: HELD.map((id) => ({ id })) },
  });
  expect(group.statusCode, group.body).toBe(201);
  const password = 'Manager-pass-7';
  const user = await createUser(t.db, { email: 'manager@demo.trellis', name: 'Mia Manager', password });
  await addMember(t.db, accountId, user.id, { groups: [group.json().id] });
  managerId = user.id;
  const plain = await createUser(t.db, { email: 'plain@demo.trellis', name: 'Pia Plain', password });
  await addMember(t.db, accountId, plain.id, { groups: [] });
  plainUserId = plain.id;
  manager = await t.login('manager@demo.trellis', password);
  expect(manager.body.permissions.sort()).toEqual(HELD);
});
afterAll(async () => {
  await t?.close();
});

type Op = { name: string; method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

/** Every change of a token: update, delete, every action of its machine, grant and revoke a permission. */
function tokenOps(id: string, module: string): Op[] {
  const actions = Object.keys(tokenResource.machine!.actions).map((a): Op => ({
    name: a,
    method: 'POST',
    url: `${API}/auth/tokens/${id}/${a}`,
    payload: {},
  }));
  return [
    { name: 'update', method: 'PUT', url: `${API}/auth/tokens/${id}`, payload: { name: 'Taken over' } },
    ...actions,
    { name: 'grant', method: 'POST', url: `${API}/auth/tokens/${id}/permissions`, payload: { id: 'MD-0014' } },
    { name: 'revoke', method: 'DELETE', url: `${API}/auth/tokens/${id}/permissions?id=${module}` },
    { name: 'delete', method: 'DELETE', url: `${API}/auth/tokens/${id}` },
  ];
}

/** Every change of a group: rename, grant, revoke, add / remove / replace members, delete. */
function groupOps(id: string, module: string): Op[] {
  const g = `${API}/accounts/${accountId}/groups/${id}`;
  return [
    { name: 'update', method: 'PUT', url: g, payload: { name: 'Renamed' } },
    { name: 'grant', method: 'POST', url: `${g}/permissions`, payload: { id: 'MD-0014' } },
    { name: 'revoke', method: 'DELETE', url: `${g}/permissions?id=${module}` },
    { name: 'add member', method: 'POST', url: `${g}/users`, payload: { id: managerId } },
    { name: 'remove member', method: 'DELETE', url: `${g}/users?id=${plainUserId}` },
    { name: 'replace members', method: 'PUT', url: `${g}/users`, payload: [] },
    { name: 'delete', method: 'DELETE', url: g },
  ];
}

/** Every change of a member: its groups, every action of its machine, removal. */
function memberOps(id: string): Op[] {
  const u = `${API}/accounts/${accountId}/users/${id}`;
  const actions = Object.keys(accountUserResource.machine!.actions).map((a): Op => ({
    name: a,
    method: 'POST',
    url: `${u}/${a}`,
    payload: {},
  }));
  return [
    { name: 'update groups', method: 'PUT', url: u, payload: { groups: [] } },
    ...actions,
    { name: 'delete', method: 'DELETE', url: u },
  ];
}

async function newToken(modules: string[], status: 'active' | 'inactive' = 'active') {
  const res = await t.call(admin, {
    method: 'POST',
    url: `${API}/auth/tokens`,
    payload: { name: `Holds ${modules.join(',')}`, permissions: modules.map((id) => ({ id })) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const token = res.json();
  if (status === 'inactive')
    expect((await t.call(admin, { method: 'POST', url: `${API}/auth/tokens/${token.id}/deactivate` })).statusCode).toBe(
      200,
    );
  return token as { id: string; token: string };
}

async function newGroup(modules: string[]) {
  const res = await t.call(admin, {
    method: 'POST',
    url: `${API}/accounts/${accountId}/groups`,
    payload: { name: `Holds ${modules.join(',')}`, permissions: modules.map((id) => ({ id })) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const add = await t.call(admin, {
    method: 'POST',
    url: `${API}/accounts/${accountId}/groups/${id}/users`,
    payload: { id: plainUserId },
  });
  expect(add.statusCode, add.body).toBe(201);
  return id;
}

/** An invited member in a group holding `modules` (invited, so that every member action is allowed by status). */
async function newMember(modules: string[], n: string) {
  const group = await newGroup(modules);
  const res = await t.call(admin, {
    method: 'POST',
    url: `${API}/accounts/${accountId}/users`,
    payload: { email: `member-${n}@example.test`, name: `Member ${n}`, groups: [{ id: group }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const snapshot = async (url: string) => {
  const res = await t.call(admin, { method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('acting on an object that holds more power than the caller', () => {
  it('refuses every change of a token holding a module the caller does not hold, for every module', async () => {
    for (const module of [ALL_MODULES, ...MORE_POWER]) {
      for (const status of ['active', 'inactive'] as const) {
        const token = await newToken([module], status);
        const before = await snapshot(`${API}/auth/tokens/${token.id}`);
        for (const op of tokenOps(token.id, module)) {
          if ((op.name === 'activate') !== (status === 'inactive') && ['activate', 'deactivate'].includes(op.name))
            continue; // the other status' action: refused by the machine before any power check
          const res = await t.call(manager, { method: op.method, url: op.url, payload: op.payload });
          expect(res.statusCode, `${op.name} on a ${status} token holding ${module}: ${res.body}`).toBe(403);
          expect(res.json().error_code).toBe('AUTH_002');
        }
        expect(await snapshot(`${API}/auth/tokens/${token.id}`)).toEqual(before);
        // the secret was not rotated away from its owner
        if (status === 'active')
          expect((await t.call(token.token, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(200);
      }
    }
  });

  it('refuses every change of a group holding a module the caller does not hold, for every module', async () => {
    for (const module of [ALL_MODULES, ...MORE_POWER]) {
      const id = await newGroup([module]);
      const url = `${API}/accounts/${accountId}/groups/${id}`;
      const before = [await snapshot(url), await snapshot(`${url}/users`)];
      for (const op of groupOps(id, module)) {
        const res = await t.call(manager, { method: op.method, url: op.url, payload: op.payload });
        expect(res.statusCode, `${op.name} on a group holding ${module}: ${res.body}`).toBe(403);
        expect(res.json().error_code).toBe('AUTH_002');
      }
      expect([await snapshot(url), await snapshot(`${url}/users`)]).toEqual(before);
    }
  });

  it('refuses every change of a member holding a module the caller does not hold, for every module', async () => {
    for (const [i, module] of [ALL_MODULES, ...MORE_POWER].entries()) {
      const id = await newMember([module], `m${i}`);
      const url = `${API}/accounts/${accountId}/users/${id}`;
      const before = await snapshot(url);
      for (const op of memberOps(id)) {
        const res = await t.call(manager, { method: op.method, url: op.url, payload: op.payload });
        expect(res.statusCode, `${op.name} on a member holding ${module}: ${res.body}`).toBe(403);
        expect(res.json().error_code).toBe('AUTH_002');
      }
      expect(await snapshot(url)).toEqual(before);
    }
    // ... and the admins themselves: no demoting, removing or regrouping the account's full-access users
    const adminId = t.demo.users['vendor@demo.trellis'].id;
    for (const op of memberOps(adminId).filter((o) => o.method !== 'POST')) {
      const res = await t.call(manager, { method: op.method, url: op.url, payload: op.payload });
      expect(res.statusCode, `${op.name} on the admin: ${res.body}`).toBe(403);
    }
    // nor end their sessions: the users module shows a member's sessions in the account, ending one changes the member
    const sessions = await t.call(manager, { method: 'GET', url: `${API}/users/${adminId}/sessions` });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json().map((s: any) => s.id)).toContain(admin.sessionId);
    for (const url of [
      `${API}/users/${adminId}/sessions/${admin.sessionId}/terminate`,
      `${API}/users/${adminId}/sessions/terminate`,
    ]) {
      const res = await t.call(manager, { method: 'POST', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json().error_code).toBe('AUTH_002');
    }
    expect((await t.call(admin, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(200);
  });

  it('allows the same changes on objects within the caller’s own modules', async () => {
    for (const status of ['active', 'inactive'] as const) {
      const token = await newToken(['MD-0014'], status);
      for (const op of tokenOps(token.id, 'MD-0014')) {
        if (['activate', 'deactivate'].includes(op.name) && (op.name === 'activate') !== (status === 'inactive'))
          continue;
        if (op.name === 'renew') op.payload = { expiration_date: new Date(Date.now() + 86400000).toISOString() };
        if (op.name === 'grant') op.payload = { id: 'MD-0001' };
        const res = await t.call(manager, { method: op.method, url: op.url, payload: op.payload });
        expect(res.statusCode, `${op.name} on a token within reach: ${res.body}`).toBeLessThan(300);
      }
    }
    const id = await newGroup(['MD-0014']);
    for (const op of groupOps(id, 'MD-0014')) {
      if (op.name === 'grant') op.payload = { id: 'MD-0001' };
      const res = await t.call(manager, { method: op.method, url: op.url, payload: op.payload });
      expect(res.statusCode, `${op.name} on a group within reach: ${res.body}`).toBeLessThan(300);
    }
    const member = await newMember(['MD-0014'], 'within');
    for (const op of memberOps(member)) {
      if (op.name === 'activate') continue; // an invited user without a password joins through the e-mail link
      const res = await t.call(manager, { method: op.method, url: op.url, payload: op.payload });
      expect(res.statusCode, `${op.name} on a member within reach: ${res.body}`).toBeLessThan(300);
    }
  });
});
