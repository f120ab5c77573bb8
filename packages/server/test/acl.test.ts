import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { issueCode } from '../src/modules/identity/codes/service.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

// Access rules: IP allow / deny lists for portal sign-in (`account`) and API tokens (`integrations`).

let t: TestApp;
let vendor: Session;
let other: Session;
let key: string;
beforeAll(async () => {
  t = await testApp();
  vendor = await t.login('vendor@demo.trellis');
  other = await t.login('other@demo.trellis');
  const token = await t.call(vendor, {
    method: 'POST',
    url: '/public/v1/auth/tokens',
    payload: { name: 'integration', permissions: ['MD-0014', 'MD-0002'] },
  });
  key = token.json().token;
});
afterAll(async () => {
  await t?.close();
});
// every test starts from an account that lets everyone in (no rules)
afterEach(async () => {
  await t.db.deleteFrom('acl_rules').execute();
});

const RULES = (acl: string) => `/public/v1/acl/${acl}/rules`;
const rule = (s: Session | string, acl: string, payload: object) =>
  t.call(s, { method: 'POST', url: RULES(acl), payload });
async function addRule(s: Session | string, acl: string, payload: object) {
  const res = await rule(s, acl, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const login = (email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress,
  });
const from = (s: Session | string, remoteAddress: string, url = '/public/v1/auth/context') =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress,
    headers: typeof s === 'string' ? { authorization: s } : s.headers,
  });

describe('access rules', () => {
  it('lists the two access lists the caller manages', async () => {
    const res = await t.call(vendor, { method: 'GET', url: '/public/v1/acl' });
    expect(res.json().map((l: any) => l.id)).toEqual(['account', 'integrations']);
    // a token holding only the tokens module manages the integrations list only
    const narrow = await t.call(vendor, {
      method: 'POST',
      url: '/public/v1/auth/tokens',
      payload: { name: 'narrow', permissions: ['MD-0014'] },
    });
    const lists = await t.call(narrow.json().token, { method: 'GET', url: '/public/v1/acl' });
    expect(lists.json().map((l: any) => l.id)).toEqual(['integrations']);
    expect((await t.call(narrow.json().token, { method: 'GET', url: RULES('account') })).statusCode).toBe(403);
  });

  it('makes a rule in the reference shape, validates the address with the IP rule, and audits it', async () => {
    const made = await addRule(vendor, 'account', { value: '127.0.0.0/8', comment: 'office' });
    expect(made).toMatchObject({
      action: 'allow',
      value: '127.0.0.0/8',
      comment: 'office',
      events: { created: { by: { name: 'Vera Vendor' } } },
    });
    expect(made.id).toMatch(/^ACL-\d{3}-\d{3}-\d{3}$/);
    for (const value of ['10.0.0.256', '10.0.0.0/33', 'example.com', '']) {
      const res = await rule(vendor, 'account', { value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().errors[0]).toMatch(/^value: (IP address is not valid|This field is required)$/);
    }
    const badAction = await rule(vendor, 'account', { value: '10.0.0.1', action: 'maybe' });
    expect(badAction.json().errors).toEqual(['action: action must be one of allow, deny']);
    const audit = await t.db.selectFrom('audit_records').select('action').where('object_id', '=', made.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
    // filters of the reference
    const listed = await t.call(vendor, {
      method: 'GET',
      url: `${RULES('account')}?eq(action,allow)&like(value,127*)`,
    });
    expect(listed.json().map((r: any) => r.id)).toEqual([made.id]);
  });

  it('answers the module aliases and refuses an unknown list', async () => {
    const made = await addRule(vendor, 'MD-0007', { value: '127.0.0.1' });
    const res = await t.call(vendor, { method: 'GET', url: RULES('integrations') });
    expect(res.json().map((r: any) => r.id)).toEqual([made.id]);
    expect((await t.call(vendor, { method: 'GET', url: `${RULES('MD-0007')}/${made.id}` })).statusCode).toBe(200);
    expect((await t.call(vendor, { method: 'GET', url: `${RULES('account')}/${made.id}` })).statusCode).toBe(404);
    expect((await t.call(vendor, { method: 'GET', url: RULES('everything') })).statusCode).toBe(404);
  });

  it("another account's rules are invisible (404) and its list is its own", async () => {
    const made = await addRule(vendor, 'account', { value: '127.0.0.1' });
    expect((await t.call(other, { method: 'GET', url: RULES('account') })).json()).toEqual([]);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.call(other, {
        method,
        url: `${RULES('account')}/${made.id}`,
        payload: method === 'PUT' ? { value: 'bad' } : undefined,
      });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('refuses a sign-in list that would lock the caller out, then lets only listed addresses sign in', async () => {
    const lockout = await rule(vendor, 'account', { value: '192.0.2.0/24' });
    expect(lockout.statusCode).toBe(400);
    expect(lockout.json().errors).toEqual([
      'This change would block your own address (127.0.0.1) from signing in to the portal: add a rule that allows it first.',
    ]);
    const mine = await addRule(vendor, 'account', { value: '127.0.0.1', comment: 'me' });
    await addRule(vendor, 'account', { value: '192.0.2.0/24' });

    expect((await login('vendor@demo.trellis', '192.0.2.55')).statusCode).toBe(201);
    const refused = await login('vendor@demo.trellis', '198.51.100.7');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([
      'Signing in from 198.51.100.7 is not allowed by the access rules of Demo Vendor.',
    ]);
    expect(refused.cookies).toEqual([]);
    // an open session used from elsewhere is refused on each call
    expect((await from(vendor, '198.51.100.7')).statusCode).toBe(403);
    expect((await from(vendor, '127.0.0.1')).statusCode).toBe(200);
    // other accounts are not affected
    expect((await login('other@demo.trellis', '198.51.100.7')).statusCode).toBe(201);
    // deleting the rule that admits the caller would lock it out too
    const del = await t.call(vendor, { method: 'DELETE', url: `${RULES('account')}/${mine.id}` });
    expect(del.statusCode).toBe(400);
  });

  it('a user of several accounts signs in to one whose rules let the address in', async () => {
    // Max is in Demo Vendor and Demo Provider; Demo Vendor admits only 127.0.0.1 now
    await addRule(vendor, 'account', { value: '127.0.0.1' });
    const res = await login('multi@demo.trellis', '203.0.113.9');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().account.id).toBe(t.demo.provider.id);
    // switching into the vendor account from there is refused
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const sw = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/context',
      remoteAddress: '203.0.113.9',
      headers: { cookie, 'x-session-id': res.json().session_id },
      payload: { account: { id: t.demo.vendor.id } },
    });
    expect(sw.statusCode).toBe(403);
  });

  it('setting a password with a code from a refused address sets it but opens no session', async () => {
    await addRule(vendor, 'account', { value: '127.0.0.1' });
    const user = await createUser(t.db, { email: 'acl-pw@example.test', name: 'Pia', password: 'Old-password-1' });
    await addMember(t.db, t.demo.vendor.id, user.id);
    const code = await issueCode(t.db, user.id, 'restore');
    const set = await t.app.inject({
      method: 'POST',
      url: `/public/v1/auth/password/set?code=${encodeURIComponent(code)}`,
      payload: { password: 'New-password-2' },
      remoteAddress: '198.51.100.7',
    });
    expect(set.statusCode).toBe(403);
    expect(set.cookies).toEqual([]);
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toEqual([]);
    // the new password works from an allowed address
    const again = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/login',
      payload: { email: 'acl-pw@example.test', password: 'New-password-2' },
      remoteAddress: '127.0.0.1',
    });
    expect(again.statusCode).toBe(201);
  });

  it('deny rules win over allow rules, for IPv6 too', async () => {
    await addRule(vendor, 'account', { value: '0.0.0.0/0' });
    await addRule(vendor, 'account', { value: '2001:db8::/32' });
    await addRule(vendor, 'account', { value: '192.0.2.55', action: 'deny' });
    await addRule(vendor, 'account', { value: '2001:db8::bad', action: 'deny' });
    expect((await login('vendor@demo.trellis', '192.0.2.55')).statusCode).toBe(403);
    expect((await login('vendor@demo.trellis', '192.0.2.56')).statusCode).toBe(201);
    expect((await login('vendor@demo.trellis', '2001:db8::1')).statusCode).toBe(201);
    expect((await login('vendor@demo.trellis', '2001:db8::bad')).statusCode).toBe(403);
    expect((await login('vendor@demo.trellis', '2001:db9::1')).statusCode).toBe(403);
    // denying one's own address is a lock-out too
    expect((await rule(vendor, 'account', { value: '127.0.0.1', action: 'deny' })).statusCode).toBe(400);
  });

  it('API token calls follow the integrations list; a token cannot shut itself out', async () => {
    // a user session is not concerned by the integrations list
    await addRule(vendor, 'integrations', { value: '10.0.0.0/8' });
    const refused = await from(key, '127.0.0.1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([
      "API calls with this account's tokens are not allowed from 127.0.0.1 (access rules).",
    ]);
    expect((await from(key, '10.1.2.3')).statusCode).toBe(200);
    // sessions are not affected by the integrations list
    expect((await from(vendor, '127.0.0.1')).statusCode).toBe(200);
    // the token, calling from 10.1.2.3, cannot narrow the list to exclude itself
    const narrowed = await t.app.inject({
      method: 'POST',
      url: RULES('integrations'),
      remoteAddress: '10.1.2.3',
      headers: { authorization: key },
      payload: { value: '10.9.9.9', action: 'deny' },
    });
    expect(narrowed.statusCode).toBe(201);
    const self = await t.app.inject({
      method: 'POST',
      url: RULES('integrations'),
      remoteAddress: '10.1.2.3',
      headers: { authorization: key },
      payload: { value: '10.1.0.0/16', action: 'deny' },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors[0]).toMatch(
      /^This change would block your own address \(10\.1\.2\.3\) from calling the API/,
    );
  });

  it('an update that would lock the caller out is refused and changes nothing', async () => {
    const mine = await addRule(vendor, 'account', { value: '127.0.0.1' });
    const res = await t.call(vendor, {
      method: 'PUT',
      url: `${RULES('account')}/${mine.id}`,
      payload: { value: '10.0.0.1' },
    });
    expect(res.statusCode).toBe(400);
    const one = await t.call(vendor, { method: 'GET', url: `${RULES('account')}/${mine.id}` });
    expect(one.json().value).toBe('127.0.0.1');
    const ok = await t.call(vendor, {
      method: 'PUT',
      url: `${RULES('account')}/${mine.id}`,
      payload: { value: '127.0.0.0/8', comment: 'loopback' },
    });
    expect(ok.json()).toMatchObject({ value: '127.0.0.0/8', comment: 'loopback', action: 'allow' });
  });
});
