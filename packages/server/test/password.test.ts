import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digest } from '../src/lib/secrets.ts';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { issueCode } from '../src/modules/identity/codes/service.ts';
import { readOutbox } from '../src/mail/outbox.ts';
import { DEFAULT_RECAPTCHA_SITE_KEY } from '../src/modules/identity/password/routes.ts';
import { testApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const OLD = 'Old-password-1';
const NEW = 'New-password-2';
let n = 0;

/** A fresh member of Demo Vendor with a password, so tests do not disturb each other. */
async function member(password: string | undefined = OLD) {
  const email = `pw${++n}@example.test`;
  const user = await createUser(t.db, { email, name: `Pat ${n}`, password });
  await addMember(t.db, t.demo.vendor.id, user.id);
  return { ...user, email };
}

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/public/v1${url}`, payload: payload as object });

async function restoreCode(email: string): Promise<string> {
  const res = await post('/auth/password/restore', { email });
  expect(res.statusCode).toBe(200);
  const [mail] = await readOutbox(t.db, { to: email, limit: 1 });
  const m = /http:\/\/portal\.test\/password\/set\?code=(\S+)/.exec(mail.body_text);
  expect(m).not.toBeNull();
  return decodeURIComponent(m![1]);
}

describe('password restore and set', () => {
  it('answers 200 {} for an unknown e-mail and sends nothing', async () => {
    const res = await post('/auth/password/restore', { email: 'nobody@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(await readOutbox(t.db, { to: 'nobody@example.test' })).toHaveLength(0);
  });

  it('mails a link; setting a new password ends old sessions and signs in; the old password stops working', async () => {
    const u = await member();
    const old = await t.login(u.email, OLD);
    const code = await restoreCode(u.email.toUpperCase());
    const [mail] = await readOutbox(t.db, { to: u.email, limit: 1 });
    expect(mail.subject).toBe('Set a new password');

    const set = await post(`/auth/password/set?code=${encodeURIComponent(code)}`, { password: NEW });
    expect(set.statusCode).toBe(201);
    expect(set.json().user.email).toBe(u.email);
    expect(set.json().account.id).toBe(t.demo.vendor.id);
    expect(set.cookies.some((c) => c.name === 'trellis_session')).toBe(true);

    expect((await t.call(old, { method: 'GET', url: '/public/v1/auth/context' })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: u.email, password: OLD })).statusCode).toBe(401);
    const again = await t.login(u.email, NEW);
    expect(again.body.user.id).toBe(u.id);

    // The code works once.
    const reuse = await post(`/auth/password/set?code=${encodeURIComponent(code)}`, { password: 'Another-pass-3' });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ error_code: 'AUTH_004', errors: ['Invalid confirmation code'] });
  });

  it('refuses an unknown or missing code with 401 and the exact message', async () => {
    for (const url of ['/auth/password/set?code=not-a-code', '/auth/password/set']) {
      const res = await post(url, { password: NEW });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json()).toEqual({ error_code: 'AUTH_004', errors: ['Invalid confirmation code'] });
    }
  });

  it('refuses an expired code with 403 and the exact message', async () => {
    const u = await member();
    const code = await restoreCode(u.email);
    await t.db
      .updateTable('confirmation_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code_hash', '=', digest(code))
      .execute();
    const res = await post(`/auth/password/set?code=${encodeURIComponent(code)}`, { password: NEW });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error_code: 'AUTH_005', errors: ['Confirmation code is expired'] });
    expect((await post('/auth/login', { email: u.email, password: OLD })).statusCode).toBe(201);
  });

  it('checks the password policy with the exact messages and keeps the code usable', async () => {
    const u = await member();
    const code = encodeURIComponent(await restoreCode(u.email));
    const cases: [unknown, string][] = [
      [undefined, 'password: This field is required'],
      ['', 'password: This field is required'],
      ['Short1', 'password: Password must be at least 8 characters'],
      [`A1${'x'.repeat(127)}`, 'password: Password must be at most 128 characters'],
      ['lettersonly', 'password: Password must contain a letter and a digit'],
      ['1234567890', 'password: Password must contain a letter and a digit'],
    ];
    for (const [password, message] of cases) {
      const res = await post(`/auth/password/set?code=${code}`, { password });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors).toEqual([message]);
    }
    expect((await post(`/auth/password/set?code=${code}`, { password: NEW })).statusCode).toBe(201);
  });

  it('accepts an invitation: the membership becomes active and the user can sign in', async () => {
    const email = 'invited@example.test';
    const user = await createUser(t.db, { email, name: 'Ivy Invited' });
    await addMember(t.db, t.demo.provider.id, user.id, { status: 'invited' });
    expect((await post('/auth/login', { email, password: NEW })).statusCode).toBe(401);
    const code = await issueCode(t.db, user.id, 'invite', t.demo.provider.id);

    const res = await post(`/auth/password/set?code=${encodeURIComponent(code)}`, { password: NEW });
    expect(res.statusCode).toBe(201);
    expect(res.json().account.id).toBe(t.demo.provider.id);
    const membership = await t.db
      .selectFrom('account_users')
      .select('status')
      .where('user_id', '=', user.id)
      .where('account_id', '=', t.demo.provider.id)
      .executeTakeFirstOrThrow();
    expect(membership.status).toBe('active');
    expect((await t.login(email, NEW)).body.account.id).toBe(t.demo.provider.id);
    // An invitation is spent once.
    expect((await post(`/auth/password/set?code=${encodeURIComponent(code)}`, { password: NEW })).statusCode).toBe(401);
  });

  it('validates the restore e-mail', async () => {
    const res = await post('/auth/password/restore', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['email: E-mail must be valid']);
  });
});

describe('password change', () => {
  it('refuses a wrong current password with a 400 naming it', async () => {
    const u = await member();
    const s = await t.login(u.email, OLD);
    const res = await t.call(s, {
      method: 'POST',
      url: '/public/v1/auth/password/change',
      payload: { old_password: 'Wrong-pass-9', password: NEW },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error_code: 'VAL_001',
      errors: ['old_password: The current password is not correct.'],
      fields: { old_password: ['The current password is not correct.'] },
    });
    expect((await post('/auth/login', { email: u.email, password: OLD })).statusCode).toBe(201);
  });

  it('validates the new password and requires the current one', async () => {
    const u = await member();
    const s = await t.login(u.email, OLD);
    const res = await t.call(s, {
      method: 'POST',
      url: '/public/v1/auth/password/change',
      payload: { password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      'old_password: This field is required',
      'password: Password must be at least 8 characters',
    ]);
  });

  it('changes the password, keeps the current session and ends the others', async () => {
    const u = await member();
    const other = await t.login(u.email, OLD);
    const s = await t.login(u.email, OLD);
    const res = await t.call(s, {
      method: 'POST',
      url: '/public/v1/auth/password/change',
      payload: { old_password: OLD, password: NEW },
    });
    expect(res.statusCode).toBe(201);
    expect((await t.call(s, { method: 'GET', url: '/public/v1/auth/context' })).statusCode).toBe(200);
    expect((await t.call(other, { method: 'GET', url: '/public/v1/auth/context' })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: u.email, password: OLD })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: u.email, password: NEW })).statusCode).toBe(201);
    const audit = await t.db.selectFrom('audit_records').select('action').where('object_id', '=', u.id).execute();
    expect(audit.map((a) => a.action)).toContain('change_password');
  });

  it('needs a signed-in caller', async () => {
    const res = await post('/auth/password/change', { old_password: OLD, password: NEW });
    expect(res.statusCode).toBe(401);
  });
});

describe('user check and reCAPTCHA settings', () => {
  it('tells how a known user signs in and 404s an unknown e-mail', async () => {
    const u = await member();
    const known = await post('/auth/user/check', { email: u.email });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ idp: { id: 'password', name: 'Password', type: 'password' }, has_password: true });
    const invited = await createUser(t.db, { email: 'nopw@example.test', name: 'No Password' });
    expect((await post('/auth/user/check', { email: invited.email })).json().has_password).toBe(false);
    const unknown = await post('/auth/user/check', { email: 'ghost@example.test' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_code).toBe('NF_001');
    expect((await post('/auth/user/check', {})).json().errors).toEqual(['email: This field is required']);
  });

  it('reports reCAPTCHA off with the default site key when nothing is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/v1/auth/recaptcha' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: false,
      sitekey: DEFAULT_RECAPTCHA_SITE_KEY,
      site_key: DEFAULT_RECAPTCHA_SITE_KEY,
    });
    // no third-party script or frame is allowed while reCAPTCHA is off
    const csp = String((await t.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-src 'self';");
  });

  it('with a secret configured, reports the site key and requires an answer on restore and set', async () => {
    const r = await testApp({ recaptchaSecret: 'secret', recaptchaSiteKey: '  site-key-1 ' });
    try {
      const cfg = await r.app.inject({ method: 'GET', url: '/public/v1/auth/recaptcha' });
      expect(cfg.json()).toMatchObject({
        enabled: true,
        sitekey: 'site-key-1',
        script: 'https://www.google.com/recaptcha/api.js',
      });
      // the portal may load the widget from there (and only then)
      const page = await r.app.inject({ method: 'GET', url: '/health' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://www.google.com https://www.gstatic.com");
      expect(csp).toContain("frame-src 'self' https://www.google.com https://www.gstatic.com");
      for (const [url, payload] of [
        ['/auth/password/restore', { email: 'vendor@demo.trellis' }],
        ['/auth/password/set?code=x', { password: NEW }],
      ] as const) {
        const res = await r.app.inject({ method: 'POST', url: `/public/v1${url}`, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual(['recaptcha: This field is required']);
      }
      expect(await readOutbox(r.db, { to: 'vendor@demo.trellis' })).toHaveLength(0);
    } finally {
      await r.close();
    }
  });
});
