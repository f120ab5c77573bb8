import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { managedAccount } from './access-helpers.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';
import { keyPair, samlIdp, sessionCookies, SSO_COOKIE, ssoCookieAfter, type SamlIdp } from './sso-helpers.ts';

// SAML 2.0 single sign-on against an IdP simulated here: it reads the signed AuthnRequest of /start and signs real
// assertions (xml-crypto) that the ACS checks (signature, audience, validity, InResponseTo).

const HOST = 'portal.test';
const API = '/public/v1';
let t: TestApp;
let vendor: Session;
let idp: SamlIdp;
let idpId: string;
let groupId: string;
/** The SSO cookie the test's browser holds (set by /start, cleared by the ACS). */
let browser = '';

const inject = (opts: { method: 'GET' | 'POST'; url: string; payload?: string; cookie?: string }) =>
  t.app.inject({
    method: opts.method,
    url: opts.url,
    headers: {
      host: HOST,
      ...(opts.payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    ...(opts.payload ? { payload: opts.payload } : {}),
  });

/** GET /start → the AuthnRequest the IdP receives; the browser keeps the SSO cookie. */
async function start() {
  const res = await inject({ method: 'GET', url: `${API}/auth/sso/${idpId}/start` });
  expect(res.statusCode, res.body).toBe(302);
  browser = ssoCookieAfter(res.cookies, browser);
  expect(res.headers.location).toMatch(/^https:\/\/idp\.example\/saml\/sso\?SAMLRequest=/);
  return idp.readRequest(res.headers.location as string);
}

/** POST the answer to the ACS from the browser (or `from` another one); the /redirect outcome and the session cookie. */
async function acs(samlResponse: string, sentCookie?: string, from?: { sso: string }) {
  const sso = from ? from.sso : browser;
  const res = await inject({
    method: 'POST',
    url: `${API}/auth/sso/${idpId}/acs`,
    payload: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
    cookie: [sso, sentCookie].filter(Boolean).join('; ') || undefined,
  });
  expect(res.statusCode, res.body).toBe(302);
  // the SSO cookie is cleared on every outcome
  expect(res.cookies.find((c) => c.name === SSO_COOKIE)?.value).toBe('');
  if (!from) browser = ssoCookieAfter(res.cookies, browser);
  const location = new URL(res.headers.location as string);
  expect(location.origin).toBe(`http://${HOST}`);
  expect(location.pathname).toBe('/redirect');
  const cookie = sessionCookies(res.cookies);
  return { sso: location.searchParams.get('sso'), message: location.searchParams.get('message') ?? '', cookie };
}

const answer = (req: { id: string; acs: string; issuer: string }, email: string, extra: object = {}) =>
  idp.response({ inResponseTo: req.id, acs: req.acs, audience: req.issuer, email, name: 'Sam Saml', ...extra });

beforeAll(async () => {
  t = await testApp({ publicMaxPerAddress: 1000 });
  vendor = await t.login('vendor@demo.trellis');
  idp = await samlIdp();
  const group = await t.call(vendor, {
    method: 'POST',
    url: `${API}/accounts/${t.demo.vendor.id}/groups`,
    payload: { name: 'SSO users', permissions: [] },
  });
  expect(group.statusCode, group.body).toBe(201);
  groupId = group.json().id;
  const created = await t.call(vendor, {
    method: 'POST',
    url: `${API}/idps`,
    payload: {
      name: 'Corporate SAML',
      type: 'saml',
      settings: {
        entity_id: idp.entityId,
        sso: { url: idp.ssoUrl },
        x509cert: idp.cert,
        user: { attributes: { email: 'email', name: 'name' } },
        group: { default: { id: groupId } },
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  idpId = created.json().id;
  // a verified domain of Demo Vendor that enforces this IdP
  const d = await t.call(vendor, { method: 'POST', url: `${API}/domains`, payload: { domain: 'saml.example' } });
  await t.db.updateTable('domains').set({ status: 'verified' }).where('id', '=', d.json().id).execute();
  await t.db
    .updateTable('domains')
    .set((eb) => ({ data: eb.fn('jsonb_set', [eb.ref('data'), eb.val('{status}'), eb.val('"verified"')]) }))
    .where('id', '=', d.json().id)
    .execute();
  const linked = await t.call(vendor, {
    method: 'PUT',
    url: `${API}/domains/${d.json().id}`,
    payload: { auth: { idp: { id: idpId }, enforce: true } },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  expect(linked.json().auth).toEqual({ idp: { id: idpId, name: 'Corporate SAML', type: 'saml' }, enforce: true });
});
afterAll(async () => {
  await t?.close();
});

describe('SAML single sign-on', () => {
  it('publishes SP metadata: entityID is the metadata URL, the ACS the acs URL, with the signing certificate', async () => {
    const res = await inject({ method: 'GET', url: `${API}/auth/sso/${idpId}/sp/metadata` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain(`entityID="http://${HOST}${API}/auth/sso/${idpId}/sp/metadata"`);
    expect(res.body).toContain(`Location="http://${HOST}${API}/auth/sso/${idpId}/acs"`);
    expect(res.body).toContain('<ds:X509Certificate>');
    expect(res.body).toContain('AuthnRequestsSigned="true"');
  });

  it('starts with a signed AuthnRequest by HTTP-Redirect naming our entity id and ACS', async () => {
    const req = await start();
    expect(req.signed).toBe(true);
    expect(req.id).toMatch(/^_/);
    expect(req.issuer).toBe(`http://${HOST}${API}/auth/sso/${idpId}/sp/metadata`);
    expect(req.acs).toBe(`http://${HOST}${API}/auth/sso/${idpId}/acs`);
  });

  it('provisions an unknown user of the verified domain into the account with the default group, no MFA step', async () => {
    const req = await start();
    const out = await acs(answer(req, 'New.Person@saml.example'));
    expect(out).toMatchObject({ sso: 'done', message: '' });
    const ctx = await t.app.inject({ method: 'GET', url: `${API}/auth/context`, headers: { cookie: out.cookie } });
    expect(ctx.statusCode, ctx.body).toBe(200);
    expect(ctx.json()).toMatchObject({
      account: { id: t.demo.vendor.id },
      user: { email: 'new.person@saml.example', name: 'Sam Saml', groups: [{ id: groupId, name: 'SSO users' }] },
    });
    expect(ctx.json().mfa_step ?? null).toBeNull();
    const session = await t.db
      .selectFrom('sessions')
      .select(['mfa_step', 'account_id'])
      .where('id', '=', ctx.json().session_id)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ mfa_step: null, account_id: t.demo.vendor.id });
    const userId = ctx.json().user.id;
    const audit = await t.db
      .selectFrom('audit_records')
      .select(['action', 'account_id'])
      .where('object_id', '=', userId)
      .orderBy('created_at')
      .execute();
    expect(audit).toEqual([
      { action: 'sso_provision', account_id: t.demo.vendor.id },
      { action: 'sso_login', account_id: t.demo.vendor.id },
    ]);
  });

  it('signs a known member in, also from a browser that still holds a session cookie (no CSRF refusal)', async () => {
    const out = await acs(answer(await start(), 'vendor@demo.trellis'), vendor.cookie);
    expect(out.sso).toBe('done');
    const ctx = await t.app.inject({ method: 'GET', url: `${API}/auth/context`, headers: { cookie: out.cookie } });
    expect(ctx.json().user.email).toBe('vendor@demo.trellis');
  });

  it('accepts the invitation of an invited member of the linked domain', async () => {
    const ivan = await createUser(t.db, { name: 'Ivan Invited', email: 'ivan@saml.example' });
    await addMember(t.db, t.demo.vendor.id, ivan.id, { status: 'invited' });
    const out = await acs(answer(await start(), 'ivan@saml.example'));
    expect(out).toMatchObject({ sso: 'done', message: '' });
    const member = await t.db
      .selectFrom('account_users')
      .select('status')
      .where('user_id', '=', ivan.id)
      .executeTakeFirstOrThrow();
    expect(member.status).toBe('active');
  });

  it("refuses a member of other accounts too unless the e-mail's domain is linked to the IdP", async () => {
    // multi@demo.trellis is in Demo Vendor and Demo Provider: Demo Vendor's IdP does not answer for demo.trellis
    const out = await acs(answer(await start(), 'multi@demo.trellis'));
    expect(out.sso).toBe('error');
    expect(out.message).toContain('is also a member of other accounts');
    expect(out.cookie).toBe('');
  });

  it('refuses a known user who is not a member of the IdP account', async () => {
    const out = await acs(answer(await start(), 'other@demo.trellis'));
    expect(out.sso).toBe('error');
    expect(out.message).toContain('is not an active member of Demo Vendor');
    expect(out.cookie).toBe('');
  });

  it('refuses an unknown user outside the linked domains', async () => {
    const out = await acs(answer(await start(), 'someone@elsewhere.example'));
    expect(out.sso).toBe('error');
    expect(out.message).toContain('is not a verified domain of Demo Vendor');
  });

  it('refuses an assertion signed with another key', async () => {
    const forged = await keyPair('Mallory');
    const out = await acs(answer(await start(), 'vendor@demo.trellis', { signWith: forged }));
    expect(out.sso).toBe('error');
    expect(out.message).toMatch(/signature/i);
    expect(out.cookie).toBe('');
  });

  it('refuses an assertion changed after it was signed', async () => {
    const out = await acs(answer(await start(), 'vendor@demo.trellis', { tamper: true }));
    expect(out.sso).toBe('error');
    expect(out.message).toMatch(/signature/i);
  });

  it('refuses an assertion meant for another audience', async () => {
    const req = await start();
    const out = await acs(answer({ ...req, issuer: 'https://other-sp.example/metadata' }, 'vendor@demo.trellis'));
    expect(out.sso).toBe('error');
    expect(out.message).toMatch(/audience/i);
  });

  it('refuses an expired assertion', async () => {
    const out = await acs(
      answer(await start(), 'vendor@demo.trellis', { notOnOrAfter: new Date(Date.now() - 60 * 60 * 1000) }),
    );
    expect(out.sso).toBe('error');
    expect(out.message).toMatch(/expired/i);
  });

  it('refuses a replayed answer and one answering no request of ours', async () => {
    const response = answer(await start(), 'vendor@demo.trellis');
    expect((await acs(response)).sso).toBe('done');
    const replay = await acs(response);
    expect(replay.sso).toBe('error');
    expect(replay.message).toMatch(/does not match a sign-in request/);
    const req = await start();
    const unknown = await acs(answer({ ...req, id: '_not-a-request-of-ours' }, 'vendor@demo.trellis'));
    expect(unknown.sso).toBe('error');
    expect(unknown.message).toMatch(/does not match a sign-in request/);
    const none = await acs(answer({ ...req, id: '' }, 'vendor@demo.trellis', { inResponseTo: null }));
    expect(none.sso).toBe('error');
  });

  it('refuses an answer delivered to a browser that did not start the sign-in (login CSRF)', async () => {
    const req = await start();
    expect(browser).toMatch(new RegExp(`^${SSO_COOKIE}=.`));
    const message = 'This sign-in was not started in this browser. Start it again from the login page.';
    // the attacker's own answer posted from the victim's browser, which holds no SSO cookie
    const none = await acs(answer(req, 'vendor@demo.trellis'), undefined, { sso: '' });
    expect(none).toEqual({ sso: 'error', message, cookie: '' });
    // or holds the cookie of a sign-in of its own
    const attacker = await start();
    const attackerCookie = browser;
    await start();
    const other = await acs(answer(attacker, 'vendor@demo.trellis'), undefined, { sso: browser });
    expect(other).toEqual({ sso: 'error', message, cookie: '' });
    expect(attackerCookie).not.toBe(browser);
    // the cookie: httpOnly, 10 minutes, only for the SSO routes; SameSite=Lax over plain http
    const plain = await inject({ method: 'GET', url: `${API}/auth/sso/${idpId}/start` });
    expect(plain.cookies.find((c) => c.name === SSO_COOKIE)).toMatchObject({
      httpOnly: true,
      path: `${API}/auth/sso`,
      maxAge: 600,
      sameSite: 'Lax',
    });
  });

  it('refuses a password sign-in, restore and user check says saml for the enforcing domain', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: 'new.person@saml.example', password: 'whatever-it-is-1A!' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().errors[0]).toContain('single sign-on (Corporate SAML)');
    const restore = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/password/restore`,
      payload: { email: 'new.person@saml.example' },
    });
    expect(restore.statusCode).toBe(403);
    const check = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/user/check`,
      headers: { host: HOST },
      payload: { email: 'new.person@saml.example' },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({
      idp: { id: idpId, name: 'Corporate SAML', type: 'saml' },
      has_password: false,
      mode: 'saml',
      login: {
        method: 'GET',
        url: `http://${HOST}${API}/auth/sso/${idpId}/start?email=new.person%40saml.example`,
      },
    });
  });

  it('is refused from an impersonation session', async () => {
    const paul = await t.login('provider@demo.trellis');
    await managedAccount(t, paul, 'rita@example.test', 'Rita Resells');
    const res = await t.call(paul, {
      method: 'POST',
      url: `${API}/auth/impersonate`,
      payload: { email: 'rita@example.test' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const refused = await inject({ method: 'GET', url: `${API}/auth/sso/${idpId}/start`, cookie });
    expect(refused.statusCode).toBe(302);
    const location = new URL(refused.headers.location as string);
    expect(location.searchParams.get('sso')).toBe('error');
    expect(location.searchParams.get('message')).toContain('logged in as another user');
  });
});
