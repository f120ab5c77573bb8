import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { issueCode } from '../src/modules/identity/codes/service.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';
import { SecretBox } from '../src/modules/identity/mfa/secret-box.ts';
import { SSO_BOX_KIND } from '../src/modules/identity/sso/routes.ts';
import { checkSpKeyConfig } from '../src/modules/identity/sso/sp-key.ts';
import { keyPair, samlIdp, type SamlIdp } from './sso-helpers.ts';

// Identity providers (/idps) and SSO services (/sso/services): writes, isolation between accounts, validation; the
// domain's identity provider link; /auth/user/check's modes; the login page's buttons; the demo data.

const API = '/public/v1';
let t: TestApp;
let vendor: Session;
let other: Session;
let idp: SamlIdp;

const post = (s: Session, url: string, payload: object) => t.call(s, { method: 'POST', url: `${API}${url}`, payload });
const put = (s: Session, url: string, payload: object) => t.call(s, { method: 'PUT', url: `${API}${url}`, payload });
const get = (s: Session, url: string) => t.call(s, { method: 'GET', url: `${API}${url}` });
const del = (s: Session, url: string) => t.call(s, { method: 'DELETE', url: `${API}${url}` });
const check = (email: string) =>
  t.app.inject({ method: 'POST', url: `${API}/auth/user/check`, headers: { host: 'portal.test' }, payload: { email } });

const samlBody = (name = 'Okta') => ({
  name,
  type: 'saml',
  settings: { entity_id: idp.entityId, sso: { url: idp.ssoUrl }, x509cert: idp.cert },
});

async function verifiedDomain(s: Session, domain: string) {
  const d = await post(s, '/domains', { domain });
  expect(d.statusCode, d.body).toBe(201);
  await t.db.updateTable('domains').set({ status: 'verified' }).where('id', '=', d.json().id).execute();
  await t.db
    .updateTable('domains')
    .set((eb) => ({ data: eb.fn('jsonb_set', [eb.ref('data'), eb.val('{status}'), eb.val('"verified"')]) }))
    .where('id', '=', d.json().id)
    .execute();
  return d.json().id as string;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
function form(field: string, body: Buffer) {
  const boundary = '----trellis-sso-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="icon.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await testApp({ publicMaxPerAddress: 1000 });
  vendor = await t.login('vendor@demo.trellis');
  other = await t.login('other@demo.trellis');
  idp = await samlIdp();
});
afterAll(async () => {
  await t?.close();
});

describe('identity providers', () => {
  it('are created, read, listed, changed and deleted by their account, in the reference shape', async () => {
    const made = await post(vendor, '/idps', {
      ...samlBody(),
      description: 'Corporate sign-in',
      external_id: 'okta-1',
    });
    expect(made.statusCode, made.body).toBe(201);
    const i = made.json();
    expect(i).toMatchObject({
      name: 'Okta',
      type: 'saml',
      description: 'Corporate sign-in',
      external_id: 'okta-1',
      settings: { entity_id: idp.entityId, sso: { url: idp.ssoUrl }, x509cert: idp.cert },
      owner: { id: t.demo.vendor.id, name: 'Demo Vendor' },
      events: { created: { by: { name: 'Vera Vendor' } } },
    });
    expect(i.id).toMatch(/^IDP-\d{4}-\d{4}$/);
    expect((await get(vendor, `/idps/${i.id}`)).json().name).toBe('Okta');
    const list = await get(vendor, '/idps?eq(type,saml)');
    expect(list.json().map((x: any) => x.id)).toContain(i.id);
    const changed = await put(vendor, `/idps/${i.id}`, {
      name: 'Okta EU',
      settings: { slo: { url: 'https://idp.example/slo' } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Okta EU',
      settings: { sso: { url: idp.ssoUrl }, slo: { url: 'https://idp.example/slo' } },
    });
    expect((await del(vendor, `/idps/${i.id}`)).statusCode).toBe(204);
    expect((await get(vendor, `/idps/${i.id}`)).statusCode).toBe(404);
  });

  it("are another account's business: 404 for reads and writes, before the body is read", async () => {
    const i = (await post(vendor, '/idps', samlBody('Private'))).json();
    expect((await get(other, `/idps/${i.id}`)).statusCode).toBe(404);
    expect((await put(other, `/idps/${i.id}`, { name: 'x'.repeat(500) })).statusCode).toBe(404);
    expect((await del(other, `/idps/${i.id}`)).statusCode).toBe(404);
    expect((await get(other, '/idps')).json().map((x: any) => x.id)).not.toContain(i.id);
    // nor can another account's IdP back an SSO service or a domain
    const s = await post(other, '/sso/services', { name: 'Stolen', idp: { id: i.id } });
    expect(s.statusCode).toBe(400);
    expect(s.json().errors[0]).toContain('idp.id');
  });

  it('refuses the built-in type, a missing type, and incomplete or malformed settings (400)', async () => {
    const cases: [object, string][] = [
      [{ type: 'system', name: 'Password' }, 'type:'],
      [{ name: 'No type' }, 'type'],
      [{ type: 'ldap' }, 'type'],
      [{ type: 'saml', settings: { x509cert: idp.cert } }, 'settings.sso.url'],
      [{ type: 'saml', settings: { sso: { url: idp.ssoUrl } } }, 'settings.x509cert'],
      [{ type: 'saml', settings: { sso: { url: idp.ssoUrl }, x509cert: 'not a certificate' } }, 'settings.x509cert'],
      [{ type: 'saml', settings: { sso: { url: 'not a url' }, x509cert: idp.cert } }, 'settings.sso.url'],
      [{ type: 'openid', settings: { openid: { client_id: 'x' } } }, 'settings.openid.issuer'],
      [{ type: 'openid', settings: { openid: { issuer: 'https://id.example' } } }, 'settings.openid.client_id'],
      [{ type: 'saml', name: 'x'.repeat(129), ...samlBody().settings }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await post(vendor, '/idps', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.join(' '), JSON.stringify(body)).toContain(field);
    }
  });

  it('keeps an OpenID client secret when the mask is sent back, and replaces it when a new one is', async () => {
    const body = {
      type: 'openid',
      name: 'Auth0',
      settings: { openid: { issuer: 'https://id.example', client_id: 'c', client_secret: 's1' } },
    };
    const i = (await post(vendor, '/idps', body)).json();
    expect(i.settings.openid.client_secret).toBe('********');
    const stored = async () =>
      (await t.db.selectFrom('idps').select('data').where('id', '=', i.id).executeTakeFirstOrThrow()).data.settings
        .openid.client_secret as string;
    const first = await stored();
    await put(vendor, `/idps/${i.id}`, {
      settings: { openid: { ...body.settings.openid, client_secret: '********' } },
    });
    expect(await stored()).toBe(first);
    await put(vendor, `/idps/${i.id}`, { settings: { openid: { ...body.settings.openid, client_secret: 's2' } } });
    expect(await stored()).not.toBe(first);
  });
});

describe('domain link and sign-in mode', () => {
  it('links a verified domain to an own IdP, refuses an unverified one, and blocks deleting the linked IdP', async () => {
    const i = (await post(vendor, '/idps', samlBody('Linked'))).json();
    const pending = (await post(vendor, '/domains', { domain: 'pending-sso.example' })).json();
    const refused = await put(vendor, `/domains/${pending.id}`, { auth: { idp: { id: i.id } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toContain('Verify pending-sso.example');
    const id = await verifiedDomain(vendor, 'linked.example');
    const unknown = await put(vendor, `/domains/${id}`, { auth: { idp: { id: 'IDP-0000-0000' } } });
    expect(unknown.statusCode).toBe(400);
    const linked = await put(vendor, `/domains/${id}`, { auth: { idp: { id: i.id } } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().auth).toEqual({ idp: { id: i.id, name: 'Linked', type: 'saml' }, enforce: false });
    // renaming the IdP shows in the domain
    await put(vendor, `/idps/${i.id}`, { name: 'Linked SAML' });
    expect((await get(vendor, `/domains/${id}`)).json().auth.idp.name).toBe('Linked SAML');
    const blocked = await del(vendor, `/idps/${i.id}`);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().errors[0]).toContain('linked.example');
    // sso mode: an IdP is linked, a password is still allowed
    const c = await check('vendor@linked.example');
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ idp: { id: i.id, type: 'saml' }, has_password: false, mode: 'sso' });
    expect(c.json().login.url).toBe(`http://portal.test${API}/auth/sso/${i.id}/start?email=vendor%40linked.example`);
    const unlinked = await put(vendor, `/domains/${id}`, { auth: null });
    expect(unlinked.json().auth).toBeUndefined();
    expect((await del(vendor, `/idps/${i.id}`)).statusCode).toBe(204);
    expect((await check('vendor@linked.example')).statusCode).toBe(404);
  });

  it('answers password for a user outside any linked domain, 404 for an unknown one', async () => {
    const c = await check('vendor@demo.trellis');
    expect(c.json()).toEqual({ idp: { id: 'password', name: 'Password', type: 'password' }, has_password: true });
    expect((await check('nobody@nowhere.example')).statusCode).toBe(404);
  });

  it('refuses password sign-in and password set to a user of an enforcing domain', async () => {
    const i = (await post(vendor, '/idps', samlBody('Enforced'))).json();
    const id = await verifiedDomain(vendor, 'enforced.example');
    // a member at that domain with a password from before the domain enforced single sign-on
    const ivy = await createUser(t.db, { name: 'Ivy', email: 'ivy@enforced.example', password: 'Ivy-password-2026!' });
    await addMember(t.db, t.demo.vendor.id, ivy.id);
    await put(vendor, `/domains/${id}`, { auth: { idp: { id: i.id }, enforce: true } });
    expect((await check('ivy@enforced.example')).json()).toMatchObject({ mode: 'saml', has_password: true });
    const restore = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/password/restore`,
      payload: { email: 'ivy@enforced.example' },
    });
    expect(restore.statusCode).toBe(403);
    const code = await issueCode(t.db, ivy.id, 'restore');
    const set = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/password/set?code=${code}`,
      payload: { password: 'Another-password-2026!' },
    });
    expect(set.statusCode, set.body).toBe(403);
    expect(set.json().errors[0]).toContain('single sign-on (Enforced)');
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: 'ivy@enforced.example', password: 'Ivy-password-2026!' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().errors[0]).toBe(
      'Users of enforced.example sign in with single sign-on (Enforced), not with a password.',
    );
  });
});

describe("a user's own identity provider", () => {
  it('is set and unset on the domain user, shown as auth, and decides user/check', async () => {
    const i = (await post(vendor, '/idps', samlBody('Personal'))).json();
    const id = await verifiedDomain(vendor, 'demo.trellis');
    const userId = vendor.body.user.id;
    const users = await get(vendor, `/domains/${id}/users`);
    expect(users.json().find((u: any) => u.id === userId).auth).toBeUndefined();
    const set = await put(vendor, `/domains/${id}/users/${userId}`, { idp: { id: i.id } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      id: userId,
      domain: { id, name: 'demo.trellis' },
      auth: { idp: { id: i.id, name: 'Personal', type: 'saml' }, enforce: false },
    });
    expect((await check('vendor@demo.trellis')).json()).toMatchObject({ idp: { id: i.id }, mode: 'sso' });
    expect((await check('multi@demo.trellis')).json().idp.id).toBe('password');
    expect((await put(other, `/domains/${id}/users/${userId}`, { idp: { id: i.id } })).statusCode).toBe(404);
    expect((await put(vendor, `/domains/${id}/users/${userId}`, { idp: { id: 'IDP-0000-0000' } })).statusCode).toBe(
      400,
    );
    const unset = await put(vendor, `/domains/${id}/users/${userId}`, { idp: null });
    expect(unset.json().auth).toBeUndefined();
    expect((await check('vendor@demo.trellis')).json().idp.id).toBe('password');
    await t.db.updateTable('domains').set({ status: 'deleted' }).where('id', '=', id).execute();
  });
});

describe('SSO services', () => {
  it('are the login page buttons of the owner brand hosts, with their icon', async () => {
    const i = (await post(vendor, '/idps', samlBody('Buttons'))).json();
    const made = await post(vendor, '/sso/services', { name: 'Sign in with Buttons', idp: { id: i.id } });
    expect(made.statusCode, made.body).toBe(201);
    const s = made.json();
    expect(s).toMatchObject({
      name: 'Sign in with Buttons',
      description: '',
      idp: { id: i.id, name: 'Buttons', type: 'saml' },
      status: 'active',
      owner: { id: t.demo.vendor.id, name: 'Demo Vendor' },
      login: { method: 'GET', url: `${API}/auth/sso/${i.id}/start?service=${s.id}` },
    });
    expect(s.id).toMatch(/^SSO-\d{4}-\d{4}$/);
    expect(s.icon).toBeUndefined();
    const f = form('icon', PNG);
    const icon = await t.call(vendor, {
      method: 'POST',
      url: `${API}/sso/services/${s.id}/icon`,
      payload: f.payload,
      headers: f.headers,
    });
    expect(icon.statusCode, icon.body).toBe(200);
    expect(icon.json().icon).toMatch(/\/files\/FL-/);
    const notImage = form('icon', Buffer.from('hello'));
    const bad = await t.call(vendor, {
      method: 'POST',
      url: `${API}/sso/services/${s.id}/icon`,
      payload: notImage.payload,
      headers: notImage.headers,
    });
    expect(bad.statusCode).toBe(400);
    const foreign = await t.call(other, {
      method: 'POST',
      url: `${API}/sso/services/${s.id}/icon`,
      payload: f.payload,
      headers: f.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const made2 = await post(vendor, '/brands', { name: 'SSO Cloud', subdomain: 'sso-cloud' });
    expect(made2.statusCode, made2.body).toBe(201);
    const host = 'sso-vendor.test';
    const portal = await post(vendor, `/brands/${made2.json().id}/portals`, { domains: host, title: 'SSO Cloud' });
    expect(portal.statusCode, portal.body).toBe(201);
    const brand = await t.app.inject({ method: 'GET', url: `${API}/branding/portal`, headers: { host } });
    expect(brand.statusCode).toBe(200);
    expect(brand.json().sso).toEqual([{ id: s.id, name: 'Sign in with Buttons', icon: icon.json().icon }]);
    const installation = await t.app.inject({
      method: 'GET',
      url: `${API}/branding/portal`,
      headers: { host: 'nobody.example' },
    });
    expect(installation.json().sso).toEqual([]);
    await put(vendor, `/idps/${i.id}`, { name: 'Buttons SAML' });
    expect((await get(vendor, `/sso/services/${s.id}`)).json().idp.name).toBe('Buttons SAML');
    expect((await put(vendor, `/sso/services/${s.id}`, { status: 'disabled' })).json().status).toBe('disabled');
    const after = await t.app.inject({ method: 'GET', url: `${API}/branding/portal`, headers: { host } });
    expect(after.json().sso).toEqual([]);
  });

  it('validate their body and stay within their account', async () => {
    expect((await post(vendor, '/sso/services', { idp: { id: 'x' } })).statusCode).toBe(400);
    expect((await post(vendor, '/sso/services', { name: 'No IdP' })).statusCode).toBe(400);
    const i = (await post(vendor, '/idps', samlBody('Mine'))).json();
    const s = (await post(vendor, '/sso/services', { name: 'Mine', idp: { id: i.id } })).json();
    expect((await get(other, `/sso/services/${s.id}`)).statusCode).toBe(404);
    expect((await put(other, `/sso/services/${s.id}`, { name: 12 })).statusCode).toBe(404);
    expect((await del(other, `/sso/services/${s.id}`)).statusCode).toBe(404);
    expect((await put(vendor, `/sso/services/${s.id}`, { name: 12 })).statusCode).toBe(400);
    expect((await del(vendor, `/sso/services/${s.id}`)).statusCode).toBe(204);
    expect((await get(vendor, `/sso/services/${s.id}`)).statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('refuses a malformed SSO_ENCRYPTION_KEY and half an SP key pair', async () => {
    expect(() => new SecretBox('short', SSO_BOX_KIND)).toThrow('SSO_ENCRYPTION_KEY must be 32 random bytes');
    expect(() => checkSpKeyConfig({ ssoSpKey: 'x' })).toThrow('SSO_SP_KEY and SSO_SP_CERT must be set together');
    const pair = await keyPair('Configured SP');
    expect(() => checkSpKeyConfig({ ssoSpKey: pair.privateKey, ssoSpCert: pair.cert })).not.toThrow();
  });
});

describe('OpenAPI', () => {
  it('describes every single sign-on route and the extension fields', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/openapi.json` })).json();
    for (const [path, method] of [
      ['/idps', 'post'],
      ['/idps/{id}', 'put'],
      ['/idps/{id}', 'delete'],
      ['/sso/services', 'get'],
      ['/sso/services/{id}', 'put'],
      ['/sso/services/{id}/login', 'get'],
      ['/sso/services/{id}/icon', 'post'],
      ['/auth/sso/{idp}/start', 'get'],
      ['/auth/sso/{idp}/acs', 'post'],
      ['/auth/sso/{idp}/callback', 'get'],
      ['/auth/sso/{idp}/sp/metadata', 'get'],
      ['/domains/{domainId}/users/{id}', 'put'],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      expect(doc.paths[path][method].summary, `${method} ${path}`).toBeTruthy();
    }
    expect(JSON.stringify(doc.components.schemas)).toContain('Trellis extension: the OpenID Connect provider');
  });
});
