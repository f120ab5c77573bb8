import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/mail/outbox.ts';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { testApp, type TestApp } from './helpers.ts';

// POST /auth/{kind}/change (spec §7): password (reference auth.PasswordChange) and e-mail with a confirmation code;
// GET /auth/recaptcha; the Auth user's clock and region with the fallbacks of spec §5.

const API = '/public/v1';
const PASSWORD = 'Change-pass-31';
let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

async function member() {
  const email = `change${++n}@example.test`;
  const user = await createUser(t.db, { email, name: `Chris Change ${n}`, password: PASSWORD });
  await addMember(t.db, t.demo.vendor.id, user.id);
  return { ...user, email };
}
const post = (auth: any, url: string, payload?: object) =>
  t.call(auth, { method: 'POST', url: `${API}${url}`, payload: payload ?? {} });

async function mailedEmailCode(to: string) {
  const [mail] = await readOutbox(t.db, { to, limit: 1 });
  const m = /\/email\/confirm\?code=([^\s&]+)/.exec(mail?.body_text ?? '');
  if (!m) throw new Error(`no confirmation mailed to ${to}`);
  return decodeURIComponent(m[1]);
}

describe('password change', () => {
  it('needs the current password, ends the other sessions of the user and keeps the current one', async () => {
    const u = await member();
    const here = await t.login(u.email, PASSWORD);
    const elsewhere = await t.login(u.email, PASSWORD);
    const wrong = await post(here, '/auth/password/change', { old_password: 'not-it-1', password: 'Brand-new-77' });
    expect(wrong.statusCode).toBe(400);
    const res = await post(here, '/auth/password/change', { old_password: PASSWORD, password: 'Brand-new-77' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await t.call(here, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(200);
    expect((await t.call(elsewhere, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${API}/auth/login`,
          payload: { email: u.email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.login(u.email, 'Brand-new-77')).body.user.id).toBe(u.id);
  });
});

describe('e-mail change', () => {
  it('mails a code to the new address; the change happens only with it, and the old address is told', async () => {
    const u = await member();
    const s = await t.login(u.email, PASSWORD);
    const next = `moved${n}@example.test`;
    const asked = await post(s, '/auth/email/change', { email: next, password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toEqual({ email: next, expires_at: expect.any(String) });
    // nothing changed yet
    expect((await t.call(s, { method: 'GET', url: `${API}/auth/context` })).json().user.email).toBe(u.email);
    const code = await mailedEmailCode(next);
    const [toNew] = await readOutbox(t.db, { to: next, limit: 1 });
    expect(toNew.body_text).toContain(code);

    const done = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/email/change?code=${encodeURIComponent(code)}`,
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toEqual({ email: next });
    const ctx = (await t.call(s, { method: 'GET', url: `${API}/auth/context` })).json();
    expect(ctx.user.email).toBe(next);
    const member_ = await t.call(s, { method: 'GET', url: `${API}/users/${u.id}` });
    expect(member_.json().email).toBe(next);
    const [told] = await readOutbox(t.db, { to: u.email, limit: 1 });
    expect(told.subject).toBe('Your e-mail address was changed');
    expect(told.body_text).toContain(next);
    expect((await t.login(next, PASSWORD)).body.user.id).toBe(u.id);

    // the code works once
    const again = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/email/change?code=${encodeURIComponent(code)}`,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error_code: 'AUTH_004', errors: ['Invalid confirmation code'] });
  });

  it('refuses a wrong password, the same address, a taken address and an expired code', async () => {
    const u = await member();
    const s = await t.login(u.email, PASSWORD);
    const wrong = await post(s, '/auth/email/change', { email: 'x1@example.test', password: 'nope-12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toEqual(['The password is not correct.']);
    const same = await post(s, '/auth/email/change', { email: u.email.toUpperCase(), password: PASSWORD });
    expect(same.json().fields.email).toEqual([`Input must differ from the previously provided one - ${u.email}`]);
    const taken = await post(s, '/auth/email/change', { email: 'vendor@demo.trellis', password: PASSWORD });
    expect(taken.json().fields.email).toEqual(['Another user already has this e-mail address.']);
    const invalid = await post(s, '/auth/email/change', { email: 'not an address', password: PASSWORD });
    expect(invalid.json().fields.email).toEqual(['E-mail must be valid']);

    const later = `later${n}@example.test`;
    expect((await post(s, '/auth/email/change', { email: later, password: PASSWORD })).statusCode).toBe(201);
    const code = await mailedEmailCode(later);
    await sql`update confirmation_codes set expires_at = now() - interval '1 second' where user_id = ${u.id} and kind = 'email'`.execute(
      t.db,
    );
    const expired = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/email/change?code=${encodeURIComponent(code)}`,
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ error_code: 'AUTH_005', errors: ['Confirmation code is expired'] });
    expect((await t.call(s, { method: 'GET', url: `${API}/auth/context` })).json().user.email).toBe(u.email);
  });

  it('a second request replaces the first: only the newest code works', async () => {
    const u = await member();
    const s = await t.login(u.email, PASSWORD);
    await post(s, '/auth/email/change', { email: `first${n}@example.test`, password: PASSWORD });
    const first = await mailedEmailCode(`first${n}@example.test`);
    await post(s, '/auth/email/change', { email: `second${n}@example.test`, password: PASSWORD });
    const second = await mailedEmailCode(`second${n}@example.test`);
    expect((await t.app.inject({ method: 'POST', url: `${API}/auth/email/change?code=${first}` })).statusCode).toBe(
      401,
    );
    const ok = await t.app.inject({ method: 'POST', url: `${API}/auth/email/change?code=${second}` });
    expect(ok.json()).toEqual({ email: `second${n}@example.test` });
  });

  it('other kinds of change are 404; a token cannot change an e-mail', async () => {
    const s = await t.login('vendor@demo.trellis');
    expect((await post(s, '/auth/phone/change', {})).statusCode).toBe(404);
    expect((await post(null, '/auth/email/change', { email: 'a@example.test', password: 'x' })).statusCode).toBe(401);
  });
});

describe('Auth user clock and region (spec §3, §5)', () => {
  it('answers the profile with time zone fallbacks and the current offset in minutes', async () => {
    const u = await member();
    const s = await t.login(u.email, PASSWORD);
    const put = (payload: object) => t.call(s, { method: 'PUT', url: `${API}/users/${u.id}`, payload });
    expect((await put({ timezone: 'Asia/Kolkata', timeformat: '12h', region: 'de-de' })).statusCode).toBe(200);
    let user = (await t.call(s, { method: 'GET', url: `${API}/auth/context` })).json().user;
    expect(user).toMatchObject({ timezone: 'Asia/Kolkata', timeformat: '12h', region: 'de_DE', timezoneOffset: 330 });
    expect((await put({ timezone: 'Mars/Olympus', region: 'xx_YY' })).statusCode).toBe(200);
    user = (await t.call(s, { method: 'GET', url: `${API}/auth/context` })).json().user;
    expect(user).toMatchObject({ timezone: 'UTC', region: 'en_US', timezoneOffset: 0 });
    // a value stored before the fallbacks existed is answered with them
    await sql`update users set data = data || '{"timezone": "Nowhere/Else", "region": "zz"}'::jsonb where id = ${u.id}`.execute(
      t.db,
    );
    user = (await t.call(s, { method: 'GET', url: `${API}/auth/context` })).json().user;
    expect(user).toMatchObject({ timezone: 'UTC', region: 'en_US' });
  });

  it('GET /auth/recaptcha answers a non-empty site key', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/auth/recaptcha` });
    expect(res.statusCode).toBe(200);
    expect(res.json().sitekey).toMatch(/\S/);
  });
});
