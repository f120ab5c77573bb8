import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '@trellis/domain';
import { testApp, type Session, type TestApp } from './helpers.ts';
import { sessionCookies, SSO_COOKIE, ssoCookieAfter, startOidcProvider, type OidcProvider } from './sso-helpers.ts';

// OpenID Connect single sign-on (authorization code + PKCE, state, nonce) against oidc-provider run on loopback in
// this test; the test plays the browser between the provider and the server.

const HOST = 'portal.test';
const API = '/public/v1';
let t: TestApp;
let vendor: Session;
let op: OidcProvider;
let idpId: string;
let serviceId: string;
/** The SSO cookie the test's browser holds (set by /start, cleared by the callback). */
let browser = '';

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: HOST, ...(cookie ? { cookie } : {}) } });

/** The callback URL as the server sees it (path and query). */
const local = (url: string) => {
  const u = new URL(url);
  expect(u.origin).toBe(`http://${HOST}`);
  return `${u.pathname}${u.search}`;
};

async function startFlow(query = `service=${serviceId}`) {
  const res = await get(`${API}/auth/sso/${idpId}/start?${query}`);
  expect(res.statusCode, res.body).toBe(302);
  browser = ssoCookieAfter(res.cookies, browser);
  return new URL(res.headers.location as string);
}

/** The callback in the browser (or `from` another one): the /redirect outcome and the session cookie. */
async function finish(callback: string, from?: { sso: string }) {
  const res = await get(local(callback), (from ? from.sso : browser) || undefined);
  expect(res.statusCode, res.body).toBe(302);
  // the SSO cookie is cleared on every outcome
  expect(res.cookies.find((c) => c.name === SSO_COOKIE)?.value).toBe('');
  if (!from) browser = ssoCookieAfter(res.cookies, browser);
  const to = new URL(res.headers.location as string);
  expect(`${to.origin}${to.pathname}`).toBe(`http://${HOST}/redirect`);
  return {
    sso: to.searchParams.get('sso'),
    message: to.searchParams.get('message') ?? '',
    cookie: sessionCookies(res.cookies),
  };
}

beforeAll(async () => {
  t = await testApp({ publicMaxPerAddress: 1000 });
  vendor = await t.login('vendor@demo.trellis');
  op = await startOidcProvider();
  const created = await t.call(vendor, {
    method: 'POST',
    url: `${API}/idps`,
    payload: {
      name: 'Corporate OpenID',
      type: 'openid',
      settings: { openid: { issuer: op.issuer, client_id: op.clientId, client_secret: op.clientSecret } },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  idpId = created.json().id;
  op.setRedirectUris([`http://${HOST}${API}/auth/sso/${idpId}/callback`]);
  const service = await t.call(vendor, {
    method: 'POST',
    url: `${API}/sso/services`,
    payload: { name: 'Sign in with Corporate', idp: { id: idpId } },
  });
  expect(service.statusCode, service.body).toBe(201);
  serviceId = service.json().id;
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

describe('OpenID Connect single sign-on', () => {
  it('keeps the client secret encrypted and answers it masked', async () => {
    const res = await t.call(vendor, { method: 'GET', url: `${API}/idps/${idpId}` });
    expect(res.json().settings.openid).toEqual({
      issuer: op.issuer,
      client_id: op.clientId,
      client_secret: SECRET_MASK,
    });
    const row = await t.db.selectFrom('idps').select('data').where('id', '=', idpId).executeTakeFirstOrThrow();
    const stored = row.data.settings.openid.client_secret as string;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(op.clientSecret);
  });

  it("answers a service's login as a GET to the start URL", async () => {
    const res = await get(`${API}/sso/services/${serviceId}/login`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      method: 'GET',
      url: `http://${HOST}${API}/auth/sso/${idpId}/start?service=${serviceId}`,
    });
  });

  it('signs in with the authorization code and PKCE, no MFA step', async () => {
    const auth = await startFlow();
    expect(auth.origin).toBe(op.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(auth.searchParams.get('redirect_uri')).toBe(`http://${HOST}${API}/auth/sso/${idpId}/callback`);
    op.signIn({ email: 'vendor@demo.trellis', name: 'Vera Vendor' });
    const callback = await op.follow(auth.href);
    expect(new URL(callback).searchParams.get('code')).toBeTruthy();
    const out = await finish(callback);
    expect(out).toMatchObject({ sso: 'done', message: '' });
    const ctx = await t.app.inject({ method: 'GET', url: `${API}/auth/context`, headers: { cookie: out.cookie } });
    expect(ctx.statusCode, ctx.body).toBe(200);
    expect(ctx.json()).toMatchObject({ user: { email: 'vendor@demo.trellis' }, account: { id: t.demo.vendor.id } });
    const session = await t.db
      .selectFrom('sessions')
      .select('mfa_step')
      .where('id', '=', ctx.json().session_id)
      .executeTakeFirstOrThrow();
    expect(session.mfa_step).toBeNull();
    // the flow is spent: the same answer again is refused
    const again = await finish(callback);
    expect(again.sso).toBe('error');
    expect(again.cookie).toBe('');
  });

  it('provisions an unknown user of a verified domain linked to the IdP', async () => {
    const d = await t.call(vendor, { method: 'POST', url: `${API}/domains`, payload: { domain: 'oidc.example' } });
    await t.db.updateTable('domains').set({ status: 'verified' }).where('id', '=', d.json().id).execute();
    await t.db
      .updateTable('domains')
      .set((eb) => ({ data: eb.fn('jsonb_set', [eb.ref('data'), eb.val('{status}'), eb.val('"verified"')]) }))
      .where('id', '=', d.json().id)
      .execute();
    const linked = await t.call(vendor, {
      method: 'PUT',
      url: `${API}/domains/${d.json().id}`,
      payload: { auth: { idp: { id: idpId } } },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const auth = await startFlow(`email=${encodeURIComponent('newbie@oidc.example')}`);
    expect(auth.searchParams.get('login_hint')).toBe('newbie@oidc.example');
    op.signIn({ email: 'newbie@oidc.example', name: 'Nina Newbie' });
    const out = await finish(await op.follow(auth.href));
    expect(out).toMatchObject({ sso: 'done', message: '' });
    const ctx = await t.app.inject({ method: 'GET', url: `${API}/auth/context`, headers: { cookie: out.cookie } });
    expect(ctx.json()).toMatchObject({
      user: { email: 'newbie@oidc.example', name: 'Nina Newbie' },
      account: { id: t.demo.vendor.id },
    });
    const members = await t.call(vendor, { method: 'GET', url: `${API}/users?eq(email,newbie@oidc.example)` });
    expect(members.json()).toHaveLength(1);
  });

  it('refuses a callback whose state names no flow', async () => {
    const auth = await startFlow();
    op.signIn({ email: 'vendor@demo.trellis' });
    const callback = new URL(await op.follow(auth.href));
    callback.searchParams.set('state', 'not-the-state-we-sent');
    const out = await finish(callback.href);
    expect(out.sso).toBe('error');
    expect(out.message).toMatch(/does not match a sign-in request/);
    expect(out.cookie).toBe('');
  });

  it('refuses an answer delivered to a browser that did not start the sign-in (login CSRF)', async () => {
    const message = 'This sign-in was not started in this browser. Start it again from the login page.';
    // the attacker's own callback URL opened in the victim's browser, which holds no SSO cookie
    const auth = await startFlow();
    op.signIn({ email: 'vendor@demo.trellis' });
    const none = await finish(await op.follow(auth.href), { sso: '' });
    expect(none).toEqual({ sso: 'error', message, cookie: '' });
    // or holds the cookie of a sign-in of its own
    const attacker = await startFlow();
    await startFlow();
    const other = await finish(await op.follow(attacker.href), { sso: browser });
    expect(other).toEqual({ sso: 'error', message, cookie: '' });
    // the flow is spent by the refusal: the right browser cannot use it afterwards either
    expect(
      await t.db.selectFrom('sso_flows').where('id', '=', attacker.searchParams.get('state')!).selectAll().execute(),
    ).toEqual([]);
  });

  it('refuses a user of another account and an unverified e-mail', async () => {
    const auth = await startFlow();
    op.signIn({ email: 'other@demo.trellis' });
    const out = await finish(await op.follow(auth.href));
    expect(out.sso).toBe('error');
    expect(out.message).toContain('is not an active member of Demo Vendor');
    const again = await startFlow();
    op.signIn({ email: 'vendor@demo.trellis', email_verified: false });
    const unverified = await finish(await op.follow(again.href));
    expect(unverified.sso).toBe('error');
    expect(unverified.message).toContain('is not verified');
  });

  it('reports a disabled service or an unknown IdP to the portal', async () => {
    const off = await t.call(vendor, { method: 'POST', url: `${API}/sso/services/${serviceId}/disable` });
    expect(off.statusCode, off.body).toBe(200);
    expect((await get(`${API}/sso/services/${serviceId}/login`)).statusCode).toBe(404);
    const res = await get(`${API}/auth/sso/${idpId}/start?service=${serviceId}`);
    expect(new URL(res.headers.location as string).searchParams.get('message')).toBe(
      'This sign-in button is disabled.',
    );
    const on = await t.call(vendor, { method: 'POST', url: `${API}/sso/services/${serviceId}/enable` });
    expect(on.json().status).toBe('active');
    const unknown = await get(`${API}/auth/sso/IDP-0000-0000/start`);
    expect(new URL(unknown.headers.location as string).searchParams.get('sso')).toBe('error');
  });
});
