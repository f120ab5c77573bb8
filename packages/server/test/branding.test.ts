import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FOOTER, DEFAULT_HELP_URL, DEFAULT_TOS_URL } from '@trellis/domain';
import { addMember, createAccount, createUser } from '../src/modules/identity/accounts/service.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';
import { form } from './multipart.ts';

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;
let brandId: string;
let portalId: string;
beforeAll(async () => {
  t = await testApp();
  vendor = await t.login('vendor@demo.trellis');
  provider = await t.login('provider@demo.trellis');
  other = await t.login('other@demo.trellis');
  const brand = await t.call(vendor, {
    method: 'POST',
    url: `${V}/brands`,
    payload: { name: 'Acme Cloud', subdomain: 'acme' },
  });
  expect(brand.statusCode, brand.body).toBe(201);
  brandId = brand.json().id;
  const portal = await t.call(vendor, {
    method: 'POST',
    url: `${V}/brands/${brandId}/portals`,
    payload: {
      domains: 'Portal.Acme.test',
      title: 'Acme Cloud',
      theme: { primary: '#2e7d32', navigation: '#fffde7', accent: '#f60' },
      urls: { tos: 'https://acme.test/terms' },
      signin: { help: 'https://help.acme.test/' },
      footer: { content: 'Acme {version} · {year}' },
      analytics_key: 'UA-1',
    },
  });
  expect(portal.statusCode, portal.body).toBe(201);
  portalId = portal.json().id;
});
afterAll(async () => {
  await t?.close();
});

const V = '/public/v1';
const portalUrl = () => `${V}/brands/${brandId}/portals/${portalId}`;
const byHost = (headers: Record<string, string>, prefix = V) =>
  t.app.inject({ method: 'GET', url: `${prefix}/branding/portal`, headers });
const post = (who: Session, url: string, payload: object) => t.call(who, { method: 'POST', url, payload });
const put = (who: Session, url: string, payload: object) => t.call(who, { method: 'PUT', url, payload });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
/** An ICO header with one 16×16 entry and its (here arbitrary) image bytes. */
const ICO = Buffer.concat([
  Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 8, 0, 0, 0, 22, 0, 0, 0]),
  Buffer.alloc(8, 7),
]);
const svg = (inner: string, attrs = '') =>
  Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${inner}</svg>`);
const CLEAN_SVG = svg(
  '<title>Acme</title><defs><linearGradient id="g"><stop offset="0" stop-color="#0a0"/></linearGradient></defs>' +
    '<rect width="10" height="10" fill="url(#g)" style="stroke: red"/><use href="#g"/>',
  'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.3" viewBox="0 0 10 10"',
);

/** A multipart/form-data body with one file, as a browser sends it. */
const formWith = (field: string, filename: string, body: Buffer, type = 'application/octet-stream') =>
  form({}, { field, filename, body, type });
const upload = (who: Session, url: string, f: ReturnType<typeof formWith>) =>
  t.call(who, { method: 'POST', url, payload: f.payload, headers: f.headers });

describe('brands', () => {
  it('are made and changed by their owner, one per account, in the reference shape', async () => {
    const list = await t.call(vendor, { method: 'GET', url: `${V}/brands` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: brandId,
        name: 'Acme Cloud',
        subdomain: 'acme',
        owner: { id: t.demo.vendor.id, name: 'Demo Vendor' },
        events: expect.objectContaining({ created: expect.objectContaining({ by: expect.any(Object) }) }),
      },
    ]);
    expect(brandId).toMatch(/^BR-\d{3}-\d{3}$/);

    const second = await post(vendor, `${V}/brands`, { name: 'Another', subdomain: 'another' });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors[0]).toContain(`already owns the brand ${brandId}`);

    const renamed = await put(vendor, `${V}/brands/${brandId}`, { name: 'Acme Cloud Services' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Acme Cloud Services', subdomain: 'acme' });
    // the portals carry the brand's name
    expect((await t.call(vendor, { method: 'GET', url: portalUrl() })).json().brand).toEqual({
      id: brandId,
      name: 'Acme Cloud Services',
      public_api: '/public/v1',
    });
    await put(vendor, `${V}/brands/${brandId}`, { name: 'Acme Cloud' });
  });

  it('refuse bad names and subdomains with the spec messages, and a taken subdomain with a 409', async () => {
    const bad = await post(provider, `${V}/brands`, { name: '', subdomain: 'not a label' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ name: ['This field is required'], subdomain: ['Wrong Subdomain format'] });
    const long = await post(provider, `${V}/brands`, { name: 'x'.repeat(101), subdomain: 'p' });
    expect(long.json().fields).toEqual({ name: ['Input must be at most 100 characters'] });

    const taken = await post(provider, `${V}/brands`, { name: 'Provider brand', subdomain: 'ACME' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error_code: 'CONFLICT_001',
      fields: { subdomain: ['The subdomain acme is taken by another brand.'] },
    });
  });

  it("are another tenant's 404, and the installation brand BR-000 is no tenant's", async () => {
    for (const who of [other, provider]) {
      expect((await t.call(who, { method: 'GET', url: `${V}/brands/${brandId}` })).statusCode).toBe(404);
      const res = await put(who, `${V}/brands/${brandId}`, { name: '' });
      // 404 before the body is looked at
      expect(res.statusCode).toBe(404);
      expect((await t.call(who, { method: 'GET', url: `${V}/brands` })).json()).toEqual([]);
    }
    expect((await t.call(vendor, { method: 'GET', url: `${V}/brands/BR-000` })).statusCode).toBe(404);
    expect((await put(vendor, `${V}/brands/BR-000`, { name: 'Mine now' })).statusCode).toBe(404);
  });

  it('need the branding module (MD-0011)', async () => {
    const token = await post(vendor, `${V}/auth/tokens`, { name: 'Products only', permissions: [{ id: 'MD-0002' }] });
    const key = token.json().token as string;
    expect((await t.call(key, { method: 'GET', url: `${V}/brands` })).statusCode).toBe(403);
    expect((await t.call(key, { method: 'GET', url: `${V}/brands/${brandId}/portals` })).statusCode).toBe(403);
  });
});

describe('portals', () => {
  it('are made with defaults for what is not given, the type of the owner and a lower-case host', async () => {
    const res = await t.call(vendor, { method: 'GET', url: portalUrl() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: portalId,
      domains: 'portal.acme.test',
      type: 'vendor',
      title: 'Acme Cloud',
      theme: { primary: '#2e7d32', navigation: '#fffde7', accent: '#f60' },
      urls: { tos: 'https://acme.test/terms', favicons: {} },
      signin: { help: 'https://help.acme.test/' },
      footer: { content: 'Acme {version} · {year}' },
      analytics_key: 'UA-1',
      brand: { id: brandId, name: 'Acme Cloud', public_api: '/public/v1' },
    });
    const plain = await post(vendor, `${V}/brands/${brandId}/portals`, { domains: 'plain.acme.test:8443' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({
      domains: 'plain.acme.test:8443',
      title: 'Acme Cloud',
      theme: { primary: '#1565c0', navigation: '#ffffff', accent: '#1565c0' },
      urls: { tos: DEFAULT_TOS_URL, favicons: {} },
      signin: { help: DEFAULT_HELP_URL },
      footer: { content: DEFAULT_FOOTER },
    });
    const list = await t.call(vendor, { method: 'GET', url: `${V}/brands/${brandId}/portals?ordering(domains)` });
    expect(list.json().map((p: { domains: string }) => p.domains)).toEqual([
      'plain.acme.test:8443',
      'portal.acme.test',
    ]);
    expect(list.headers['content-range']).toBe('items 0-1/2');
    expect(
      (await t.call(vendor, { method: 'DELETE', url: `${V}/brands/${brandId}/portals/${plain.json().id}` })).statusCode,
    ).toBe(204);
  });

  it('check colours (3 or 6 hex digits), hosts, links and the title length with the spec messages', async () => {
    const res = await put(vendor, portalUrl(), {
      domains: 'not a host/',
      title: 'T'.repeat(41),
      theme: { primary: '#12', navigation: 'white', accent: '#12345g' },
      urls: { tos: 'javascript:alert(1)', sign_up: 'ftp://x.test' },
      signin: { help: 'help' },
      replaced_by: 'http://x.test/path',
      analytics_key: 'k'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      domains: ['Wrong Domain format'],
      title: ['Input must be at most 40 characters'],
      'theme.primary': ['Wrong color format'],
      'theme.navigation': ['Wrong color format'],
      'theme.accent': ['Wrong color format'],
      'urls.tos': ['Wrong URL format'],
      'urls.sign_up': ['Wrong URL format'],
      'signin.help': ['Wrong URL format'],
      replaced_by: ['Wrong Domain format'],
      analytics_key: ['Input must be at most 100 characters'],
    });
    // nothing was written
    expect((await t.call(vendor, { method: 'GET', url: portalUrl() })).json().theme.primary).toBe('#2e7d32');

    const ok = await put(vendor, portalUrl(), { theme: { primary: '#ABC', accent: '#00aa00' }, title: 'Acme' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().theme).toEqual({ primary: '#ABC', navigation: '#fffde7', accent: '#00aa00' });
    const back = await put(vendor, portalUrl(), { theme: { primary: '#2e7d32', accent: '#f60' }, title: 'Acme Cloud' });
    expect(back.statusCode).toBe(200);

    const self = await put(vendor, portalUrl(), { replaced_by: 'PORTAL.acme.test' });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual(["replaced_by: Must name another host than the portal's own."]);
    const logo = await put(vendor, portalUrl(), { urls: { logo: 'https://evil.test/x.png' } });
    expect(logo.statusCode).toBe(400);
    expect(logo.json().errors[0]).toMatch(/^urls\.logo: Upload the logo with POST/);
  });

  it('serve each host once in the whole installation: a taken host is a 409 naming the field', async () => {
    const brand = await post(other, `${V}/brands`, { name: 'Other', subdomain: 'other' });
    const res = await post(other, `${V}/brands/${brand.json().id}/portals`, { domains: 'portal.ACME.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error_code: 'CONFLICT_001',
      fields: { domains: ['The host portal.acme.test is already served by another portal.'] },
    });
    // with a port it is another host
    const withPort = await post(other, `${V}/brands/${brand.json().id}/portals`, { domains: 'portal.acme.test:444' });
    expect(withPort.statusCode).toBe(201);
    const again = await put(other, `${V}/brands/${brand.json().id}/portals/${withPort.json().id}`, {
      domains: 'portal.acme.test',
    });
    expect(again.statusCode).toBe(409);
  });

  it("of another tenant's brand are 404 on every verb, before the body is read", async () => {
    const paths = [`${V}/brands/${brandId}/portals`, portalUrl(), `${portalUrl()}/logo`, `${portalUrl()}/favicon`];
    for (const who of [other, provider]) {
      expect((await t.call(who, { method: 'GET', url: paths[0] })).statusCode).toBe(404);
      expect((await post(who, paths[0], { domains: 'mine.test' })).statusCode).toBe(404);
      expect((await t.call(who, { method: 'GET', url: paths[1] })).statusCode).toBe(404);
      expect((await put(who, paths[1], { title: 'x'.repeat(99) })).statusCode).toBe(404);
      expect((await t.call(who, { method: 'DELETE', url: paths[1] })).statusCode).toBe(404);
      expect((await upload(who, paths[2], formWith('logo', 'a.png', PNG))).statusCode).toBe(404);
      expect((await upload(who, paths[3], formWith('favicon', 'a.ico', ICO))).statusCode).toBe(404);
      expect((await t.call(who, { method: 'DELETE', url: paths[2] })).statusCode).toBe(404);
      expect((await t.call(who, { method: 'DELETE', url: `${portalUrl()}/favicons/ico` })).statusCode).toBe(404);
    }
    expect((await t.call(vendor, { method: 'GET', url: portalUrl() })).json().title).toBe('Acme Cloud');
  });
});

describe('GET /branding/portal', () => {
  it('answers an unknown host, without a session, with the installation brand and its defaults', async () => {
    const res = await byHost({ 'x-original-host': 'unknown.example.com:5173' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 'BR-000',
      title: 'Trellis',
      type: 'universal',
      theme: { primary: '#1565c0', navText: '#ffffff', accent: '#1565c0' },
      // absent values (logo, signUp, analytics_key, replaced_by, owner, portal) are omitted
      urls: { help: DEFAULT_HELP_URL, tos: DEFAULT_TOS_URL, favicons: {} },
      footer: 'Trellis {version} · © {year}',
      brand: { id: 'BR-000', name: 'Trellis', public_api: '/public/v1' },
      // single sign-on buttons: the installation's brand has none
      sso: [],
    });
  });

  it("maps a portal's host (any case) to the spec §3 object of that portal", async () => {
    const res = await byHost({ 'x-original-host': 'Portal.ACME.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: brandId,
      title: 'Acme Cloud',
      type: 'vendor',
      theme: { primary: '#2e7d32', navText: '#fffde7', accent: '#f60' },
      urls: { help: 'https://help.acme.test/', tos: 'https://acme.test/terms', favicons: {} },
      footer: 'Acme {version} · {year}',
      analytics_key: 'UA-1',
      brand: { id: brandId, name: 'Acme Cloud', public_api: '/public/v1' },
      owner: { id: t.demo.vendor.id, name: 'Demo Vendor' },
      portal: { id: portalId, domain: 'portal.acme.test', type: 'vendor' },
      sso: [],
    });
  });

  it('matches the exact host first, then the host without its port, and falls back to the Host header', async () => {
    const special = await post(vendor, `${V}/brands/${brandId}/portals`, {
      domains: 'portal.acme.test:9000',
      title: 'Acme on 9000',
    });
    expect((await byHost({ 'x-original-host': 'portal.acme.test:9000' })).json().title).toBe('Acme on 9000');
    expect((await byHost({ 'x-original-host': 'portal.acme.test:8080' })).json().title).toBe('Acme Cloud');
    expect((await byHost({ host: 'portal.acme.test' })).json().id).toBe(brandId);
    expect((await byHost({ host: 'portal.acme.test' }, '/rest/v1')).json().id).toBe(brandId);
    // the header the portal sends wins over Host
    expect((await byHost({ host: 'portal.acme.test', 'x-original-host': 'elsewhere.test' })).json().id).toBe('BR-000');
    await t.call(vendor, { method: 'DELETE', url: `${V}/brands/${brandId}/portals/${special.json().id}` });
    // a deleted portal's host shows the installation brand again
    expect((await byHost({ 'x-original-host': 'portal.acme.test:9000' })).json().title).toBe('Acme Cloud');
  });

  it('shows a change at once (nothing is cached), replaced_by included', async () => {
    await put(vendor, portalUrl(), { replaced_by: 'new.acme.test', theme: { primary: '#000' } });
    try {
      expect((await byHost({ 'x-original-host': 'portal.acme.test' })).json()).toMatchObject({
        replaced_by: 'new.acme.test',
        theme: { primary: '#000' },
      });
    } finally {
      await put(vendor, portalUrl(), { replaced_by: null, theme: { primary: '#2e7d32' } });
    }
    expect((await byHost({ 'x-original-host': 'portal.acme.test' })).json()).not.toHaveProperty('replaced_by');
  });

  it('refuses a header that is not a host name with a 400 naming it', async () => {
    for (const bad of ['', 'evil.test/path', 'a b', 'http://x.test', 'x.test:99999']) {
      const res = await byHost({ 'x-original-host': bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0]).toMatch(/^X-Original-Host: must be a host name \(at most 253 characters/);
    }
  });
});

describe('GET /branding/brand and GET /brand', () => {
  it('return a brand by id through its main portal, with every host that serves it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${V}/branding/brand?id=${brandId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: brandId, title: 'Acme Cloud', theme: { primary: '#2e7d32' } });
    expect(res.json().portals).toEqual([{ id: portalId, domain: 'portal.acme.test', type: 'vendor' }]);
    const installation = await t.app.inject({ method: 'GET', url: `${V}/branding/brand?id=BR-000` });
    expect(installation.json()).toMatchObject({ id: 'BR-000', title: 'Trellis', portals: [] });
    const missing = await t.app.inject({ method: 'GET', url: `${V}/branding/brand?id=BR-999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error_code: 'NF_001', errors: ['Brand not found.'] });
    const none = await t.app.inject({ method: 'GET', url: `${V}/branding/brand` });
    expect(none.json().errors).toEqual(['id: This field is required']);
  });

  it("return the caller account's brand: its own, else the installation's", async () => {
    expect((await t.call(vendor, { method: 'GET', url: `${V}/brand` })).json()).toMatchObject([{ id: brandId }]);
    expect((await t.call(provider, { method: 'GET', url: `${V}/brand` })).json()).toMatchObject([{ id: 'BR-000' }]);
    expect((await t.app.inject({ method: 'GET', url: `${V}/brand` })).statusCode).toBe(401);
  });
});

describe('the brand of a child account', () => {
  it("is its parent's (walking up) until it owns one, in the account's brand field and GET /brand", async () => {
    const child = await createAccount(t.db, { name: 'Acme Reseller', type: 'provider' });
    const grandchild = await createAccount(t.db, { name: 'Acme Sub-reseller', type: 'provider' });
    await t.db
      .updateTable('accounts')
      .set({ parent_id: t.demo.vendor.id })
      .where('id', '=', child.account.id)
      .execute();
    await t.db
      .updateTable('accounts')
      .set({ parent_id: child.account.id })
      .where('id', '=', grandchild.account.id)
      .execute();
    const user = await createUser(t.db, { email: 'sub@acme.test', name: 'Sam Sub', password: 'Trellis-demo-1' });
    await addMember(t.db, grandchild.account.id, user.id, { groups: [grandchild.adminGroup.id] });
    const sub = await t.login('sub@acme.test');

    const account = await t.call(sub, { method: 'GET', url: `${V}/accounts/${grandchild.account.id}` });
    expect(account.json().brand).toBe(brandId);
    expect((await t.call(sub, { method: 'GET', url: `${V}/accounts` })).json()[0].brand).toBe(brandId);
    expect((await t.call(sub, { method: 'GET', url: `${V}/brand` })).json()).toMatchObject([{ id: brandId }]);
    expect((await t.call(vendor, { method: 'GET', url: `${V}/accounts/${t.demo.vendor.id}` })).json().brand).toBe(
      brandId,
    );
    expect((await t.call(provider, { method: 'GET', url: `${V}/accounts/${t.demo.provider.id}` })).json().brand).toBe(
      'BR-000',
    );

    // its own brand wins over the parent's
    const own = await post(sub, `${V}/brands`, { name: 'Sub brand', subdomain: 'sub' });
    expect(own.statusCode).toBe(201);
    expect((await t.call(sub, { method: 'GET', url: `${V}/accounts/${grandchild.account.id}` })).json().brand).toBe(
      own.json().id,
    );
    // and the parent's brand stays out of the child's /brands
    expect((await t.call(sub, { method: 'GET', url: `${V}/brands` })).json().map((b: { id: string }) => b.id)).toEqual([
      own.json().id,
    ]);
  });
});

describe('logo and favicons', () => {
  const fileOf = (url: string) => t.app.inject({ method: 'GET', url });

  it('take images only, told by their content, and serve them with safe headers', async () => {
    const res = await upload(vendor, `${portalUrl()}/logo`, formWith('logo', 'logo.png', PNG, 'image/png'));
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json().urls.logo as string;
    expect(logo).toMatch(/^\/public\/v1\/files\/FL-[0-9a-f]{32}\.png$/);
    const file = await fileOf(logo);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // the host's brand shows it
    expect((await byHost({ 'x-original-host': 'portal.acme.test' })).json().urls.logo).toBe(logo);

    // a replaced logo's file is gone
    const next = await upload(vendor, `${portalUrl()}/logo`, formWith('logo', 'photo.bin', JPEG));
    expect(next.statusCode).toBe(200);
    expect(next.json().urls.logo).toMatch(/\.jpg$/);
    expect((await fileOf(logo)).statusCode).toBe(404);

    for (const [name, body] of [
      ['page.png', Buffer.from('<html><script>alert(1)</script></html>')],
      ['notes.txt', Buffer.from('just text')],
      ['logo.ico', ICO],
    ] as const) {
      const bad = await upload(vendor, `${portalUrl()}/logo`, formWith('logo', name, body));
      expect(bad.statusCode, name).toBe(400);
      expect(bad.json().errors).toEqual(['logo: Wrong file format']);
    }
    const big = await upload(
      vendor,
      `${portalUrl()}/logo`,
      formWith('logo', 'big.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)])),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().errors).toEqual(['logo: File is too large; the limit is 1 MB.']);
    const none = await t.call(vendor, { method: 'POST', url: `${portalUrl()}/logo`, payload: {} });
    expect(none.statusCode).toBe(415);
  });

  it('refuse an SVG that can carry script, and keep a plain one byte for byte', async () => {
    const refused: [string, Buffer][] = [
      ['script', svg('<script>alert(1)</script>')],
      ['handler', svg('<rect width="1" height="1"/>', 'onload="alert(1)"')],
      ['foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>')],
      ['external link', svg('<use href="https://evil.test/x.svg#a"/>')],
      ['javascript link', svg('<a href="javascript:alert(1)"><rect/></a>')],
      ['animation', svg('<set attributeName="href" to="javascript:alert(1)"/>')],
      ['xhtml', svg('<html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script>')],
      ['css import', svg('<style>@import url(https://evil.test/x.css);</style>')],
      ['css url', svg('<rect style="fill: url(https://evil.test/track)"/>')],
      ['entities', Buffer.from('<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>')],
      ['malformed', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')],
    ];
    for (const [what, body] of refused) {
      const res = await upload(vendor, `${portalUrl()}/logo`, formWith('logo', 'logo.svg', body, 'image/svg+xml'));
      expect(res.statusCode, what).toBe(400);
      expect(res.json().errors[0], what).toMatch(/^logo: This SVG image cannot be used: /);
    }
    const ok = await upload(vendor, `${portalUrl()}/logo`, formWith('logo', 'logo.svg', CLEAN_SVG, 'image/svg+xml'));
    expect(ok.statusCode, ok.body).toBe(200);
    const file = await fileOf(ok.json().urls.logo);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.rawPayload.equals(CLEAN_SVG)).toBe(true);
  });

  it('keep one favicon of each kind (ICO, PNG, SVG) and are removed with their files', async () => {
    const ico = await upload(vendor, `${portalUrl()}/favicon`, formWith('favicon', 'favicon.ico', ICO));
    expect(ico.statusCode, ico.body).toBe(200);
    const png = await upload(vendor, `${portalUrl()}/favicon`, formWith('favicon', 'icon.png', PNG));
    const favicons = png.json().urls.favicons as Record<string, string>;
    expect(Object.keys(favicons).sort()).toEqual(['ico', 'png']);
    expect((await fileOf(favicons.ico!)).headers['content-type']).toBe('image/x-icon');
    expect((await byHost({ 'x-original-host': 'portal.acme.test' })).json().urls.favicons).toEqual(favicons);

    const jpeg = await upload(vendor, `${portalUrl()}/favicon`, formWith('favicon', 'icon.jpg', JPEG));
    expect(jpeg.statusCode).toBe(400);
    expect(jpeg.json().errors).toEqual(['favicon: A favicon is an ICO, PNG or SVG image.']);
    const big = await upload(
      vendor,
      `${portalUrl()}/favicon`,
      formWith('favicon', 'big.png', Buffer.concat([PNG, Buffer.alloc(300 * 1024)])),
    );
    expect(big.statusCode).toBe(413);

    // sending them back as read is fine; removing goes through DELETE, which drops the file
    expect((await put(vendor, portalUrl(), { urls: { favicons, tos: 'https://acme.test/terms' } })).statusCode).toBe(
      200,
    );
    const removed = await t.call(vendor, { method: 'DELETE', url: `${portalUrl()}/favicons/ico` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().urls.favicons).toEqual({ png: favicons.png });
    expect((await fileOf(favicons.ico!)).statusCode).toBe(404);
    expect((await t.call(vendor, { method: 'DELETE', url: `${portalUrl()}/favicons/gif` })).statusCode).toBe(404);

    const logo = (await t.call(vendor, { method: 'GET', url: portalUrl() })).json().urls.logo as string;
    const noLogo = await t.call(vendor, { method: 'DELETE', url: `${portalUrl()}/logo` });
    expect(noLogo.json().urls).not.toHaveProperty('logo');
    expect((await fileOf(logo)).statusCode).toBe(404);
  });

  it("a deleted portal's images go with it", async () => {
    const extra = await post(vendor, `${V}/brands/${brandId}/portals`, { domains: 'gone.acme.test' });
    const url = `${V}/brands/${brandId}/portals/${extra.json().id}`;
    const logo = (await upload(vendor, `${url}/logo`, formWith('logo', 'l.png', PNG))).json().urls.logo as string;
    expect((await t.call(vendor, { method: 'DELETE', url })).statusCode).toBe(204);
    expect((await fileOf(logo)).statusCode).toBe(404);
    expect((await t.call(vendor, { method: 'GET', url })).statusCode).toBe(404);
  });
});
