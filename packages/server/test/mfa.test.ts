import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MfaPolicy } from '@trellis/domain';
import { addMember, createAccount, createGroup, createUser } from '../src/modules/identity/accounts/service.ts';
import { SecretBox } from '../src/modules/identity/mfa/secret-box.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

// MFA with TOTP (issue 14, spec §3 Auth user, §4 MFA session). Codes are made here from the secret the API hands out,
// with the same library and the real clock.

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Mfa-test-pass-1';
let n = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A code of the step `steps` away from now (-1: the previous 30 s step). */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Wait out the end of a 30 s step, so that a code made now is still of the same step when the server checks it. */
async function awayFromStepEdge() {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 4000) await sleep(left + 200);
}

async function userIn(accountId: string, prefix = 'mfa') {
  const email = `${prefix}${++n}@example.test`;
  const user = await createUser(t.db, { email, name: `Mia ${n}`, password: PASSWORD });
  await addMember(t.db, accountId, user.id);
  return { id: user.id, email };
}

async function accountWith(policy: MfaPolicy | 'default') {
  const settings = policy === 'default' ? undefined : { mfa: { policy } };
  const { account } = await createAccount(t.db, { name: `MFA ${policy} ${++n}`, type: 'vendor', settings });
  return account;
}

function sessionOf(res: { cookies: { name: string; value: string }[]; json(): any }): Session {
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const body = res.json();
  return { cookie, sessionId: body.session_id, body, headers: { cookie, 'x-session-id': body.session_id } };
}

async function login(email: string, ip = '10.7.0.1'): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { email, password: PASSWORD },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(201);
  return sessionOf(res);
}

/** A call any signed-in user may make (no module needed), to tell a working session from a restricted one. */
const WORK = '/modules';

const call = (s: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, ip = '10.7.0.1') =>
  t.app.inject({ method, url: `/public/v1${url}`, headers: s.headers, payload, remoteAddress: ip });

/** The session after a response that renewed its cookie (verify-totp rotates the secret). */
function renewed(s: Session, res: { cookies: { name: string; value: string }[] }): Session {
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  if (!cookie) return s;
  return { ...s, cookie, headers: { ...s.headers, cookie } };
}

/** Start enrolling (the user itself) and return the secret. */
async function start(s: Session, userId: string): Promise<string> {
  const res = await call(s, 'POST', `/users/${userId}/mfa`, {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json().secret;
}

/**
 * Enrol fully; returns the secret and the recovery codes. Confirmed with the previous step's code, so that the current
 * one is still unused for the next sign-in (a step's code is accepted once).
 */
async function enrol(s: Session, userId: string) {
  const secret = await start(s, userId);
  await awayFromStepEdge();
  const res = await call(s, 'POST', `/users/${userId}/mfa/verify-totp`, { code: codeAt(secret, -1) });
  expect(res.statusCode, res.body).toBe(200);
  return { secret, codes: res.json().recovery_codes as string[], session: renewed(s, res) };
}

describe('enrolling TOTP', () => {
  it('hands out the secret once, activates with a code of the previous step, and issues single-use recovery codes', async () => {
    const account = await accountWith('optional');
    const u = await userIn(account.id);
    const s = await login(u.email);
    // null values are omitted on the wire: no id yet, no active method
    expect(s.body.user.mfa).toEqual({ status: 'disabled' });
    expect(s.body.account.settings.mfa.policy).toBe('optional');

    const res = await call(s, 'POST', `/users/${u.id}/mfa`, {});
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'pending', method: 'totp', recovery_codes_left: 0 });
    expect(body).not.toHaveProperty('active_method');
    expect(body.id).toMatch(/^MFA-\d{3}-\d{3}-\d{3}$/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Trellis:${u.email}`);
    expect(uri.searchParams.get('issuer')).toBe('Trellis');
    expect(uri.searchParams.get('secret')).toBe(body.secret);
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');

    // the secret is never shown again, nor stored readable
    const details = await call(s, 'GET', `/users/${u.id}/mfa`);
    expect(details.json()).toMatchObject({ id: body.id, status: 'pending', method: 'totp' });
    expect(JSON.stringify(details.json())).not.toContain(body.secret);
    const method = await call(s, 'GET', `/users/${u.id}/mfa/methods/totp`);
    expect(method.json()).toMatchObject({ method: 'totp', issuer: 'Trellis', label: u.email, digits: 6, period: 30 });
    expect(JSON.stringify(method.json())).not.toContain(body.secret);
    const stored = await t.db.selectFrom('user_mfa').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(body.secret);

    // a recovery code cannot activate; a wrong code neither
    const early = await call(s, 'POST', `/users/${u.id}/mfa/verify-totp`, { recovery_code: 'aaaaa-bbbbb' });
    expect(early.statusCode).toBe(400);
    await awayFromStepEdge();
    const wrong = codeAt(body.secret, 5);
    const bad = await call(s, 'POST', `/users/${u.id}/mfa/verify-totp`, { code: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error_code: 'AUTH_007',
      errors: ['code: The code is not valid. Enter the current code from your authenticator app.'],
    });

    const ok = await call(s, 'POST', `/users/${u.id}/mfa/verify-totp`, { code: codeAt(body.secret, -1) });
    expect(ok.statusCode, ok.body).toBe(200);
    const verified = ok.json();
    expect(verified).toMatchObject({ id: body.id, status: 'enabled', active_method: 'totp', recovery_codes_left: 10 });
    expect(verified.recovery_codes).toHaveLength(10);
    expect(new Set(verified.recovery_codes).size).toBe(10);
    expect(verified.events.enabled.by.id).toBe(u.id);
    // the codes are stored as digests only
    const rows = await t.db.selectFrom('user_mfa_recovery_codes').selectAll().where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(10);
    expect(JSON.stringify(rows)).not.toContain(verified.recovery_codes[0].replace('-', ''));

    const s2 = renewed(s, ok);
    const ctx = await call(s2, 'GET', '/auth/context');
    expect(ctx.json().user.mfa).toEqual({ id: body.id, status: 'enabled', active_method: 'totp' });
    expect((await call(s2, 'GET', `/users/${u.id}/mfa`)).json()).not.toHaveProperty('recovery_codes');

    // enrolling again while enabled is refused
    expect((await call(s2, 'POST', `/users/${u.id}/mfa`, {})).statusCode).toBe(409);
  });

  it('replaces a pending secret when enrolment starts again', async () => {
    const account = await accountWith('optional');
    const u = await userIn(account.id);
    const s = await login(u.email);
    const first = await start(s, u.id);
    const second = await start(s, u.id);
    expect(second).not.toBe(first);
    await awayFromStepEdge();
    const old = await call(s, 'POST', `/users/${u.id}/mfa/verify-totp`, { code: codeAt(first) });
    expect(old.statusCode).toBe(400);
    const ok = await call(s, 'POST', `/users/${u.id}/mfa/verify-totp`, { code: codeAt(second) });
    expect(ok.statusCode).toBe(200);
  });
});

describe('codes at login', () => {
  it('accepts the current code once: a replay and a stale code are refused', async () => {
    const account = await accountWith('optional');
    const u = await userIn(account.id);
    const { secret } = await enrol(await login(u.email), u.id);

    const s = await login(u.email);
    expect(s.body.mfa).toEqual({ step: 'verify', method: 'totp', mandatory: true });
    await awayFromStepEdge();
    const stale = await call(s, 'POST', `/users/${u.id}/mfa/verify-totp`, { code: codeAt(secret, -3) });
    expect(stale.statusCode).toBe(400);
    const code = codeAt(secret);
    const ok = await call(s, 'POST', `/users/${u.id}/mfa/verify-totp`, {
      code: code.slice(0, 3) + ' ' + code.slice(3),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).not.toHaveProperty('recovery_codes');

    // the same code, in another sign-in within its window: refused
    const again = await login(u.email);
    const replay = await call(again, 'POST', `/users/${u.id}/mfa/verify-totp`, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error_code).toBe('AUTH_007');
    expect((await call(again, 'GET', WORK)).statusCode).toBe(403);
  });

  it('lets a restricted session do nothing but complete MFA, then releases it with a renewed cookie', async () => {
    const account = await accountWith('required');
    const u = await userIn(account.id);
    await addAdmin(account.id, u.id);
    const s = await login(u.email);
    expect(s.body.mfa).toEqual({ step: 'enrol', method: 'totp', mandatory: true });

    for (const [method, url, payload] of [
      ['GET', WORK],
      ['GET', '/users'],
      ['GET', `/users/${u.id}/sessions`],
      ['PUT', `/accounts/${account.id}`, { name: 'Renamed account' }],
      ['POST', '/auth/tokens', { name: 'x' }],
      ['POST', `/users/${u.id}/mfa/recovery-codes`, { code: '123456' }],
    ] as const) {
      const res = await call(s, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({
        error_code: 'AUTH_006',
        errors: ['Your account requires multi-factor authentication: set it up to continue.'],
      });
    }
    // the context says which step is pending (a reload comes back to it)
    const ctx = await call(s, 'GET', '/auth/context');
    expect(ctx.statusCode).toBe(200);
    expect(ctx.json().mfa).toEqual({ step: 'enrol', method: 'totp', mandatory: true });
    expect(ctx.json().session_id).toBe(s.sessionId);

    const { session: done } = await enrol(s, u.id);
    expect(done.cookie).not.toBe(s.cookie);
    // the cookie that only went through the password no longer works; the renewed one does, same session id
    expect((await call(s, 'GET', '/auth/context')).statusCode).toBe(401);
    const after = await call(done, 'GET', '/auth/context');
    expect(after.json().session_id).toBe(s.sessionId);
    expect(after.json()).not.toHaveProperty('mfa');
    expect((await call(done, 'GET', WORK)).statusCode).toBe(200);
    expect((await call(done, 'PUT', `/accounts/${account.id}`, { name: 'Renamed account' })).statusCode).toBe(200);
  });

  it('can log out of a restricted session', async () => {
    const account = await accountWith('required');
    const u = await userIn(account.id);
    const s = await login(u.email);
    const out = await call(s, 'POST', '/auth/logout');
    expect(out.statusCode).toBe(204);
    expect((await call(s, 'GET', '/auth/context')).statusCode).toBe(401);
  });

  it('accepts each recovery code once in place of a code', async () => {
    const account = await accountWith('optional');
    const u = await userIn(account.id);
    const { codes } = await enrol(await login(u.email), u.id);

    const s = await login(u.email);
    const ok = await call(s, 'POST', `/users/${u.id}/mfa/verify-totp`, { recovery_code: codes[3].toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().recovery_codes_left).toBe(9);
    expect((await call(renewed(s, ok), 'GET', WORK)).statusCode).toBe(200);

    const again = await login(u.email);
    const reused = await call(again, 'POST', `/users/${u.id}/mfa/verify-totp`, { recovery_code: codes[3] });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      error_code: 'AUTH_007',
      errors: ['recovery_code: The recovery code is not valid or was already used.'],
    });
  });
});

describe('the MFA session rule through real logins (policy × user MFA)', () => {
  // [policy, user MFA state, the login's mfa block (or none), can the session work right away]
  const table: [MfaPolicy | 'default', 'disabled' | 'pending' | 'enabled', object | null, boolean][] = [
    ['required', 'disabled', { step: 'enrol', method: 'totp', mandatory: true }, false],
    ['required', 'pending', { step: 'enrol', method: 'totp', mandatory: true }, false],
    ['required', 'enabled', { step: 'verify', method: 'totp', mandatory: true }, false],
    ['optional', 'disabled', { step: 'enrol', method: 'totp', mandatory: false }, true],
    ['optional', 'pending', { step: 'enrol', method: 'totp', mandatory: false }, true],
    ['optional', 'enabled', { step: 'verify', method: 'totp', mandatory: true }, false],
    ['default', 'disabled', { step: 'enrol', method: 'totp', mandatory: false }, true],
    ['not required', 'disabled', null, true],
    ['not required', 'pending', null, true],
    ['not required', 'enabled', { step: 'verify', method: 'totp', mandatory: true }, false],
  ];
  it.each(table)('policy %s, user MFA %s', async (policy, state, block, works) => {
    // users get their MFA state where enrolling is open to them, then the account gets its policy
    const account = await accountWith('not required');
    const u = await userIn(account.id);
    if (state !== 'disabled') {
      const s = await login(u.email);
      if (state === 'pending') await start(s, u.id);
      else await enrol(s, u.id);
    }
    const settings = policy === 'default' ? {} : { mfa: { policy } };
    await t.db
      .updateTable('accounts')
      .set({ data: JSON.stringify({ ...account, settings }) })
      .where('id', '=', account.id)
      .execute();

    const s = await login(u.email);
    expect(s.body.user.mfa.status).toBe(state);
    expect(s.body.account.settings.mfa.policy).toBe(policy === 'default' ? 'optional' : policy);
    if (block) expect(s.body.mfa).toEqual(block);
    else expect(s.body).not.toHaveProperty('mfa');
    expect((await call(s, 'GET', WORK)).statusCode).toBe(works ? 200 : 403);
    // a postponable step is the login's advice only: the context of a working session carries none
    if (works) expect((await call(s, 'GET', '/auth/context')).json()).not.toHaveProperty('mfa');
  });

  it('leaves the demo logins working: the demo vendor is optional and nobody is enrolled', async () => {
    const s = await t.login('vendor@demo.trellis');
    expect(s.body.account.settings.mfa.policy).toBe('optional');
    expect(s.body.mfa).toEqual({ step: 'enrol', method: 'totp', mandatory: false });
    expect((await t.call(s, { method: 'GET', url: '/public/v1/products' })).statusCode).toBe(200);
    expect((await t.call(s, { method: 'GET', url: '/public/v1/auth/context' })).json()).not.toHaveProperty('mfa');
  });

  it('leaves API tokens alone', async () => {
    const account = await accountWith('required');
    const u = await userIn(account.id);
    await addAdmin(account.id, u.id);
    const { session } = await enrol(await login(u.email), u.id);
    const token = await call(session, 'POST', '/auth/tokens', { name: 'CI', permissions: ['MD-0000'] });
    expect(token.statusCode, token.body).toBe(201);
    const res = await t.call(token.json().token, { method: 'GET', url: '/public/v1/auth/context' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('mfa');
  });
});

async function addAdmin(accountId: string, userId: string) {
  const group = await t.db
    .selectFrom('groups')
    .select('id')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('group_users')
    .values({ group_id: group.id, user_id: userId, account_id: accountId, created_at: new Date().toISOString() })
    .execute();
}

describe('another account of the user', () => {
  it('asks an unverified session for MFA when it moves into an account that requires it', async () => {
    const optional = await accountWith('optional');
    const required = await accountWith('required');
    const u = await userIn(optional.id);
    await addMember(t.db, required.id, u.id);
    await t.db
      .updateTable('users')
      .set({ data: JSON.stringify({ ...(await userData(u.id)), last_account_id: optional.id }) })
      .where('id', '=', u.id)
      .execute();
    const s = await login(u.email);
    expect(s.body.account.id).toBe(optional.id);
    expect((await call(s, 'GET', WORK)).statusCode).toBe(200);

    // one call in the other account, by header: refused
    const header = await t.app.inject({
      method: 'GET',
      url: '/public/v1/products',
      headers: { ...s.headers, 'account-context': required.id },
    });
    expect(header.statusCode).toBe(403);
    expect(header.json().error_code).toBe('AUTH_006');

    // switching: the session must set MFA up first
    const moved = await call(s, 'POST', '/auth/context', { account: { id: required.id } });
    expect(moved.statusCode).toBe(201);
    expect(moved.json().mfa).toEqual({ step: 'enrol', method: 'totp', mandatory: true });
    expect((await call(s, 'GET', WORK)).statusCode).toBe(403);
    const { session } = await enrol(s, u.id);
    expect((await call(session, 'GET', WORK)).statusCode).toBe(200);
  });
});

async function userData(id: string) {
  return (await t.db.selectFrom('users').select('data').where('id', '=', id).executeTakeFirstOrThrow()).data;
}

describe('turning MFA off and renewing recovery codes', () => {
  it('needs a current code or a recovery code, and is refused while an account requires MFA', async () => {
    const account = await accountWith('optional');
    const u = await userIn(account.id);
    const { secret, codes, session } = await enrol(await login(u.email), u.id);
    const url = `/users/${u.id}/mfa/status`;

    const noCode = await call(session, 'POST', url, { status: 'disabled' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toEqual(['code: This field is required']);
    const wrongStatus = await call(session, 'POST', url, { status: 'enabled', code: '123456' });
    expect(wrongStatus.statusCode).toBe(400);

    await t.db
      .updateTable('accounts')
      .set({ data: JSON.stringify({ ...account, settings: { mfa: { policy: 'required' } } }) })
      .where('id', '=', account.id)
      .execute();
    const refused = await call(session, 'POST', url, { status: 'disabled', recovery_code: codes[0] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([
      `${account.name} requires multi-factor authentication: it cannot be turned off.`,
    ]);
    await t.db
      .updateTable('accounts')
      .set({ data: JSON.stringify({ ...account, settings: { mfa: { policy: 'optional' } } }) })
      .where('id', '=', account.id)
      .execute();

    // renewing the recovery codes needs a code; the old ones stop working
    expect((await call(session, 'POST', `/users/${u.id}/mfa/recovery-codes`, {})).statusCode).toBe(400);
    await awayFromStepEdge();
    const renewedCodes = await call(session, 'POST', `/users/${u.id}/mfa/recovery-codes`, { code: codeAt(secret, 1) });
    expect(renewedCodes.statusCode, renewedCodes.body).toBe(201);
    const fresh: string[] = renewedCodes.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[1]);
    const old = await call(session, 'POST', url, { status: 'disabled', recovery_code: codes[1] });
    expect(old.statusCode).toBe(400);

    const off = await call(session, 'POST', url, { status: 'disabled', recovery_code: fresh[0] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'disabled', recovery_codes_left: 0 });
    expect(off.json()).not.toHaveProperty('active_method');
    expect((await call(session, 'GET', '/auth/context')).json().user.mfa.status).toBe('disabled');
    expect(await t.db.selectFrom('user_mfa_recovery_codes').selectAll().where('user_id', '=', u.id).execute()).toEqual(
      [],
    );
    const audit = await t.db
      .selectFrom('audit_records')
      .select('action')
      .where('object_type', '=', 'user-mfa')
      .where('actor_id', '=', u.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['enable', 'renew_recovery_codes', 'disable']);

    // the next login asks for no code (optional policy: enrolment offered again)
    const next = await login(u.email);
    expect(next.body.mfa).toEqual({ step: 'enrol', method: 'totp', mandatory: false });
  });
});

describe('whose MFA', () => {
  it('is the user’s own: an administrator of its account or an API token gets 404, before the body is read', async () => {
    const admin = await t.login('vendor@demo.trellis');
    const multi = t.demo.users['multi@demo.trellis'];
    for (const [method, url] of [
      ['GET', `/users/${multi.id}/mfa`],
      ['GET', `/users/${multi.id}/mfa/methods/totp`],
      ['POST', `/users/${multi.id}/mfa`],
      ['POST', `/users/${multi.id}/mfa/verify-totp`],
      ['POST', `/users/${multi.id}/mfa/status`],
      ['POST', `/users/${multi.id}/mfa/recovery-codes`],
      ['GET', `/users/UR-000-000-000/mfa`],
    ] as const) {
      const res = await t.call(admin, {
        method,
        url: `/public/v1${url}`,
        payload: method === 'POST' ? { x: 1 } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const token = await t.call(admin, {
      method: 'POST',
      url: '/public/v1/auth/tokens',
      payload: { name: 'Admin', permissions: ['MD-0000'] },
    });
    const res = await t.call(token.json().token, { method: 'GET', url: `/public/v1/users/${multi.id}/mfa` });
    expect(res.statusCode).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/public/v1/openapi.json' })).json();
    for (const [path, method] of [
      ['/users/{userId}/mfa', 'post'],
      ['/users/{userId}/mfa', 'get'],
      ['/users/{userId}/mfa/methods/totp', 'get'],
      ['/users/{userId}/mfa/verify-totp', 'post'],
      ['/users/{userId}/mfa/status', 'post'],
      ['/users/{userId}/mfa/recovery-codes', 'post'],
    ])
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
  });
});

describe('an administrator resetting a member’s MFA', () => {
  it('turns it off without a code, audited; not one’s own, nor a user outside the account', async () => {
    const account = await accountWith('required');
    const admin = await userIn(account.id, 'admin');
    await addAdmin(account.id, admin.id);
    const member = await userIn(account.id);
    const { session: adminSession } = await enrol(await login(admin.email), admin.id);
    const { session: memberSession } = await enrol(await login(member.email), member.id);
    const url = (a: string, u: string) => `/accounts/${a}/users/${u}/mfa/reset`;

    expect((await call(adminSession, 'POST', url(account.id, admin.id))).statusCode).toBe(404);
    expect((await call(adminSession, 'POST', url(t.demo.vendor.id, member.id))).statusCode).toBe(404);
    const outsider = t.demo.users['vendor@demo.trellis'];
    expect((await call(adminSession, 'POST', url(account.id, outsider.id))).statusCode).toBe(404);
    // a member without the users module reaches no one's
    const plain = await call(memberSession, 'POST', url(account.id, admin.id));
    expect(plain.statusCode).toBe(404);

    const res = await call(adminSession, 'POST', url(account.id, member.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disabled', recovery_codes_left: 0 });
    expect(res.json().events.disabled.by.id).toBe(admin.id);
    const audit = await t.db
      .selectFrom('audit_records')
      .select(['action', 'actor_id', 'account_id'])
      .where('object_type', '=', 'user-mfa')
      .where('action', '=', 'reset')
      .execute();
    expect(audit).toEqual([{ action: 'reset', actor_id: admin.id, account_id: account.id }]);
    // nothing left to reset; the member sets MFA up again at the next sign-in (policy required)
    expect((await call(adminSession, 'POST', url(account.id, member.id))).statusCode).toBe(400);
    expect((await login(member.email)).body.mfa).toEqual({ step: 'enrol', method: 'totp', mandatory: true });
  });

  it('is refused for a member holding a module the administrator lacks', async () => {
    const account = await accountWith('optional');
    const admin = await userIn(account.id, 'admin');
    const member = await userIn(account.id);
    await addAdmin(account.id, member.id);
    // the administrator holds the users module only
    const group = await createGroup(t.db, account.id, { name: 'User admins', permissions: ['MD-0001'] });
    await t.db
      .insertInto('group_users')
      .values({ group_id: group.id, user_id: admin.id, account_id: account.id, created_at: new Date().toISOString() })
      .execute();
    await enrol(await login(member.email), member.id);
    const s = await login(admin.email);
    const res = await call(s, 'POST', `/accounts/${account.id}/users/${member.id}/mfa/reset`);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toContain('MD-0000');
  });
});

describe('throttling wrong codes', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await testApp({ loginMaxPerAccount: 3, loginDelayMs: 60_000 });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('slows wrong codes down like wrong passwords, and a right code is then refused unchecked', async () => {
    const email = 'throttled@example.test';
    const user = await createUser(p.db, { email, name: 'Theo', password: PASSWORD });
    await addMember(p.db, p.demo.vendor.id, user.id);
    const s = await p.login(email, PASSWORD);
    const secret = (await p.call(s, { method: 'POST', url: `/public/v1/users/${user.id}/mfa`, payload: {} })).json()
      .secret;
    const verify = (code: string) =>
      p.call(s, { method: 'POST', url: `/public/v1/users/${user.id}/mfa/verify-totp`, payload: { code } });
    await awayFromStepEdge();
    const wrong = codeAt(secret, 10);
    for (let i = 0; i < 3; i++) expect((await verify(wrong)).statusCode).toBe(400);
    const limited = await verify(codeAt(secret));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error_code).toBe('THR_001');
    expect(limited.headers['retry-after']).toBeDefined();
    // its own counters: signing in is not slowed down by them
    expect((await p.login(email, PASSWORD)).body.user.id).toBe(user.id);
  });
});

describe('the secret box', () => {
  it('opens boxes made before MFA_ENCRYPTION_KEY was set, seals new ones with it, and binds each to its user', async () => {
    const before = new SecretBox(undefined);
    const old = await before.seal(t.db, 'JBSWY3DPEHPK3PXP', 'UR-1');
    const key = randomBytes(32).toString('base64');
    const after = new SecretBox(key);
    expect(await after.open(t.db, old, 'UR-1')).toBe('JBSWY3DPEHPK3PXP');
    const fresh = await after.seal(t.db, 'KRSXG5CTMVRXEZLU', 'UR-1');
    expect(fresh.split('.')[1]).not.toBe(old.split('.')[1]);
    expect(await new SecretBox(key).open(t.db, fresh, 'UR-1')).toBe('KRSXG5CTMVRXEZLU');
    await expect(after.open(t.db, fresh, 'UR-2')).rejects.toThrow();
    // without the configured key, its boxes cannot be opened
    await expect(before.open(t.db, fresh, 'UR-1')).rejects.toThrow(/another key/);
    expect(() => new SecretBox('too-short')).toThrow(/MFA_ENCRYPTION_KEY must be 32 random bytes/);
  });
});
