import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createGroup, createUser } from '../src/modules/identity/accounts/service.ts';
import { API, PASSWORD, managedAccount } from './access-helpers.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

// Impersonation ("log in as", spec §6): an admin of a managing account, or its API key, logs in as a user of a
// managed account by e-mail; the session names both identities in every audit record, cannot go further, and
// ends with the way back.

let t: TestApp;
let paul: Session;
let child: { account: any; session: Session };
beforeAll(async () => {
  t = await testApp();
  paul = await t.login('provider@demo.trellis');
  child = await managedAccount(t, paul, 'rita@example.test', 'Rita Resells');
});
afterAll(async () => {
  await t?.close();
});

/** The browser's cookie jar after an answer: its cookies replace those of the same name. */
function jar(before: string, res: LightMyRequestResponse): string {
  const cookies = new Map(
    before
      .split('; ')
      .filter(Boolean)
      .map((c) => c.split('=') as [string, string]),
  );
  for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
    const cleared = c.value === '' || (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
    if (cleared) cookies.delete(c.name);
    else cookies.set(c.name, c.value);
  }
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}
const sessionOf = (cookie: string, body: any): Session => ({
  cookie,
  sessionId: body.session_id,
  body,
  headers: { cookie, 'x-session-id': body.session_id },
});

async function impersonate(by: Session | string, payload: object) {
  return t.call(by, { method: 'POST', url: `${API}/auth/impersonate`, payload });
}

async function asRita(by: Session = paul) {
  const res = await impersonate(by, { email: 'rita@example.test' });
  expect(res.statusCode, res.body).toBe(201);
  return sessionOf(jar(by.cookie, res), res.json());
}

describe('logging in as a user of a managed account', () => {
  it('gives a session of that user in that account, restricted (no accounts list), naming the impersonator', async () => {
    const s = await asRita();
    expect(s.body.user).toMatchObject({
      email: 'rita@example.test',
      timezone: 'UTC',
      region: 'en_US',
      timezoneOffset: 0,
    });
    expect(s.body.account.id).toBe(child.account.id);
    expect(s.body.accounts).toBeUndefined();
    expect(s.body.impersonator).toEqual({
      id: t.demo.users['provider@demo.trellis'].id,
      name: 'Paul Provider',
      type: 'user',
      account: { id: t.demo.provider.id, name: 'Demo Provider' },
    });
    expect(s.cookie).toContain('trellis_return=');
    const ctx = await t.call(s, { method: 'GET', url: `${API}/auth/context` });
    expect(ctx.statusCode).toBe(200);
    expect(ctx.json().impersonator.name).toBe('Paul Provider');
    // the user's own sessions show who was logged in as it
    const sessions = await t.call(child.session, {
      method: 'GET',
      url: `${API}/users/${child.session.body.user.id}/sessions?eq(id,${s.sessionId})`,
    });
    expect(sessions.json()[0].events.impersonated.by.name).toBe('Paul Provider');
  });

  it('audits every call of the session with both identities, in both accounts', async () => {
    const s = await asRita();
    const made = await t.call(s, {
      method: 'POST',
      url: `${API}/accounts/${child.account.id}/groups`,
      payload: { name: 'Support', permissions: [{ id: 'MD-0002' }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const paulId = t.demo.users['provider@demo.trellis'].id;
    expect(made.json().events.created.by).toEqual({
      id: child.session.body.user.id,
      name: 'Rita Reseller',
      impersonator: { id: paulId, name: 'Paul Provider' },
    });
    // the child's own admin reads its trail: the change and every call, each naming both
    const trail = await t.call(child.session, {
      method: 'GET',
      url: `${API}/audit/records?eq(actor.impersonator.id,${paulId})&limit=100`,
    });
    const records = trail.json();
    const create = records.find((r: any) => r.object.id === made.json().id);
    expect(create.actor).toEqual({
      id: child.session.body.user.id,
      name: 'Rita Reseller',
      type: 'user',
      impersonator: { id: paulId, name: 'Paul Provider' },
    });
    const calls = records.filter((r: any) => r.action === 'call' && r.object.id === s.sessionId);
    expect(calls.map((r: any) => `${r.changes.method.after} ${r.changes.status.after}`)).toContain('POST 201');
    // the parent's trail has the start
    const parent = await t.call(paul, { method: 'GET', url: `${API}/audit/records?eq(object.id,${s.sessionId})` });
    expect(parent.json().map((r: any) => r.action)).toContain('impersonate');
  });

  it('is 404 for anyone not in an account the caller manages', async () => {
    for (const email of ['vendor@demo.trellis', 'provider@demo.trellis', 'nobody@example.test', 'multi@demo.trellis']) {
      const res = await impersonate(paul, { email });
      expect(res.statusCode, email).toBe(404);
    }
    // another account's admin cannot reach the managed account's user
    const olga = await t.login('other@demo.trellis');
    expect((await impersonate(olga, { email: 'rita@example.test' })).statusCode).toBe(404);
    // nor can the managed account reach up to its parent
    expect((await impersonate(child.session, { email: 'provider@demo.trellis' })).statusCode).toBe(404);
    // an account given in the body must be one the caller manages
    const wrong = await impersonate(paul, { email: 'rita@example.test', account: { id: t.demo.vendor.id } });
    expect(wrong.statusCode).toBe(404);
  });

  it('needs the impersonation module', async () => {
    const user = await createUser(t.db, { email: 'helper@example.test', name: 'Hal Helper', password: PASSWORD });
    const group = await createGroup(t.db, t.demo.provider.id, { name: 'Helpers', permissions: ['MD-0001'] });
    await addMember(t.db, t.demo.provider.id, user.id, { groups: [group.id] });
    const hal = await t.login('helper@example.test', PASSWORD);
    const res = await impersonate(hal, { email: 'rita@example.test' });
    expect(res.statusCode).toBe(403);
  });

  it('cannot go further: no impersonation, password, e-mail or account switch inside the session', async () => {
    const s = await asRita();
    expect((await impersonate(s, { email: 'rita@example.test' })).statusCode).toBe(403);
    const refused = [
      { url: '/auth/password/change', payload: { old_password: PASSWORD, password: 'Other-pass-99' } },
      { url: '/auth/email/change', payload: { email: 'mine@example.test', password: PASSWORD } },
      { url: '/auth/context', payload: { account: { id: child.account.id } } },
    ];
    for (const { url, payload } of refused) {
      const res = await t.call(s, { method: 'POST', url: `${API}${url}`, payload });
      expect(res.statusCode, url).toBe(403);
    }
    // working in another account of the user is refused too
    const other = await t.call(s, {
      method: 'GET',
      url: `${API}/auth/context`,
      headers: { 'account-context': t.demo.provider.id },
    });
    expect(other.statusCode).toBe(403);
    // the password still works as before
    expect((await t.login('rita@example.test', PASSWORD)).body.user.email).toBe('rita@example.test');
  });

  it('the way back ends the session and returns to the impersonator own session', async () => {
    const s = await asRita();
    const back = await t.call(s, { method: 'POST', url: `${API}/auth/impersonate/return` });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().user.email).toBe('provider@demo.trellis');
    expect(back.json().session_id).toBe(paul.sessionId);
    expect(back.json().accounts.length).toBeGreaterThan(0);
    const cookie = jar(s.cookie, back);
    expect(cookie).toBe(paul.cookie);
    // the impersonation session no longer works; the own one does
    expect((await t.call(s, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(401);
    expect((await t.call(paul, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(200);
    // a session not logged in as anyone has no way back
    expect((await t.call(paul, { method: 'POST', url: `${API}/auth/impersonate/return` })).statusCode).toBe(400);
  });

  it('logging out of it ends it and forgets the way back', async () => {
    const s = await asRita();
    const out = await t.call(s, { method: 'POST', url: `${API}/auth/logout` });
    expect(out.statusCode).toBe(204);
    expect(jar(s.cookie, out)).toBe('');
    expect((await t.call(s, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(401);
  });

  it('ends when the impersonator logs out or loses the right', async () => {
    const max = await t.login('multi@demo.trellis');
    const switched = await t.call(max, {
      method: 'POST',
      url: `${API}/auth/context`,
      payload: { account: { id: t.demo.provider.id } },
    });
    expect(switched.statusCode).toBe(201);
    const viaMax = await asRita(max);
    await t.call(max, { method: 'POST', url: `${API}/auth/logout` });
    expect((await t.call(viaMax, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(401);

    const user = await createUser(t.db, { email: 'support@example.test', name: 'Sue Support', password: PASSWORD });
    const group = await createGroup(t.db, t.demo.provider.id, { name: 'Support', permissions: ['MD-0027'] });
    await addMember(t.db, t.demo.provider.id, user.id, { groups: [group.id] });
    const sue = await t.login('support@example.test', PASSWORD);
    const viaSue = await asRita(sue);
    expect((await t.call(viaSue, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(200);
    const taken = await t.call(paul, {
      method: 'DELETE',
      url: `${API}/accounts/${t.demo.provider.id}/groups/${group.id}/permissions`,
      payload: [{ id: 'MD-0027' }],
    });
    expect(taken.statusCode, taken.body).toBeLessThan(300);
    expect((await t.call(viaSue, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(401);
  });

  it('works with an API key of the managing account holding the module, answering 204 on the way back', async () => {
    const made = await t.call(paul, {
      method: 'POST',
      url: `${API}/auth/tokens`,
      payload: { name: 'Support desk', permissions: [{ id: 'MD-0027' }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json().token as string;
    const res = await impersonate(key, { email: 'rita@example.test' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().impersonator).toMatchObject({ id: made.json().id, name: 'Support desk', type: 'token' });
    const s = sessionOf(jar('', res), res.json());
    expect(s.cookie).not.toContain('trellis_return');
    const ctx = await t.call(s, { method: 'GET', url: `${API}/auth/context` });
    expect(ctx.json().user.email).toBe('rita@example.test');
    const back = await t.call(s, { method: 'POST', url: `${API}/auth/impersonate/return` });
    expect(back.statusCode).toBe(204);
    expect((await t.call(s, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(401);

    const plain = await t.call(paul, {
      method: 'POST',
      url: `${API}/auth/tokens`,
      payload: { name: 'No rights', permissions: [{ id: 'MD-0002' }] },
    });
    expect((await impersonate(plain.json().token, { email: 'rita@example.test' })).statusCode).toBe(403);
    // a deactivated key ends the sessions it opened
    const again = await impersonate(key, { email: 'rita@example.test' });
    const s2 = sessionOf(jar('', again), again.json());
    await t.call(paul, { method: 'POST', url: `${API}/auth/tokens/${made.json().id}/deactivate` });
    expect((await t.call(s2, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(401);
  });

  it('lets the parent list the managed account members (to pick whom to log in as), read-only', async () => {
    const url = `${API}/accounts/${child.account.id}/users`;
    const list = await t.call(paul, { method: 'GET', url });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((m: any) => m.email)).toEqual(['rita@example.test']);
    const invite = await t.call(paul, { method: 'POST', url, payload: { email: 'intruder@example.test' } });
    expect(invite.statusCode).toBe(403);
    const olga = await t.login('other@demo.trellis');
    expect((await t.call(olga, { method: 'GET', url })).statusCode).toBe(404);
  });
});
