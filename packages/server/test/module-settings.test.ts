import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HELPDESK_TTL_DAYS, DEFAULT_MFA_POLICY, MFA_POLICIES } from '@trellis/domain';
import { testApp, type Session, type TestApp } from './helpers.ts';

// Settings objects: /modules/account/settings, /modules/integrations/settings, /modules/helpdesk/accounts/{id}/settings.

let t: TestApp;
let vendor: Session;
let other: Session;
beforeAll(async () => {
  t = await testApp();
  vendor = await t.login('vendor@demo.trellis');
  other = await t.login('other@demo.trellis');
});
afterAll(async () => {
  await t?.close();
});

const V1 = '/public/v1';
const get = (s: Session | string, path: string) => t.call(s, { method: 'GET', url: `${V1}${path}` });
const put = (s: Session | string, path: string, payload: unknown) =>
  t.call(s, { method: 'PUT', url: `${V1}${path}`, payload: payload as object });
const otherPolicy = MFA_POLICIES.find((p) => p !== DEFAULT_MFA_POLICY)!;

describe('account settings', () => {
  it('reads the reference shape, also under MD-0001', async () => {
    const res = await get(vendor, '/modules/account/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      domain: { verification: { name: '_trellis-verification', type: 'TXT', prefix: 'trellis-verification=' } },
      acl: { domain: 'allow', ips: [] },
      mfa: { policy: DEFAULT_MFA_POLICY },
    });
    expect((await get(vendor, '/modules/MD-0001/settings')).json()).toEqual(res.json());
  });

  it('changes the MFA policy (the auth context shows it) and names a bad value', async () => {
    const bad = await put(vendor, '/modules/account/settings', { mfa: { policy: 'sometimes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([`mfa.policy: policy must be one of ${MFA_POLICIES.join(', ')}`]);
    const ok = await put(vendor, '/modules/MD-0001/settings', { mfa: { policy: otherPolicy } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().mfa.policy).toBe(otherPolicy);
    expect((await get(vendor, '/auth/context')).json().account.settings.mfa.policy).toBe(otherPolicy);
    // another account keeps its own
    expect((await get(other, '/modules/account/settings')).json().mfa.policy).toBe(DEFAULT_MFA_POLICY);
    await put(vendor, '/modules/account/settings', { mfa: { policy: DEFAULT_MFA_POLICY } });
  });

  it('replaces the sign-in list through acl.ips, keeping rules that stay, and refuses a lock-out', async () => {
    const first = await put(vendor, '/modules/account/settings', {
      acl: { ips: [{ name: 'office', ip_range: ['127.0.0.1', '192.0.2.0/24'] }] },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().acl.domain).toBe('deny');
    expect(first.json().acl.ips.map((e: any) => [e.name, e.action, e.ip_range])).toEqual([
      ['office', 'allow', ['127.0.0.1']],
      ['office', 'allow', ['192.0.2.0/24']],
    ]);
    const kept = first.json().acl.ips[0].id;
    const rules = await get(vendor, '/acl/account/rules');
    expect(
      rules
        .json()
        .map((r: any) => r.value)
        .sort(),
    ).toEqual(['127.0.0.1', '192.0.2.0/24']);

    const second = await put(vendor, '/modules/account/settings', {
      acl: {
        ips: [
          { name: 'me', ip_range: ['127.0.0.1'] },
          { action: 'deny', ip_range: ['198.51.100.0/24'] },
        ],
      },
    });
    expect(second.json().acl.ips.map((e: any) => [e.id === kept, e.name, e.action])).toEqual([
      [true, 'me', 'allow'],
      [false, '198.51.100.0/24', 'deny'],
    ]);

    const lockout = await put(vendor, '/modules/account/settings', { acl: { ips: [{ ip_range: ['10.0.0.1'] }] } });
    expect(lockout.statusCode).toBe(400);
    const bad = await put(vendor, '/modules/account/settings', { acl: { ips: [{ ip_range: ['127.0.0.1', 'nope'] }] } });
    expect(bad.json().errors).toEqual(['acl.ips.0.ip_range.1: IP address is not valid']);
    // an empty list lets everyone in again
    const cleared = await put(vendor, '/modules/account/settings', { acl: { ips: [] } });
    expect(cleared.json().acl).toEqual({ domain: 'allow', ips: [] });
  });

  it('needs the users module', async () => {
    const token = await t.call(vendor, {
      method: 'POST',
      url: `${V1}/auth/tokens`,
      payload: { name: 'tokens only', permissions: ['MD-0014'] },
    });
    const key = token.json().token;
    expect((await get(key, '/modules/account/settings')).statusCode).toBe(403);
    expect((await put(key, '/modules/account/settings', {})).statusCode).toBe(403);
    // but it reads the integrations settings
    expect((await get(key, '/modules/integrations/settings')).json()).toEqual({ acl: { domain: 'allow', ips: [] } });
  });
});

describe('integrations settings', () => {
  it('reads and replaces the API tokens list, also under MD-0007', async () => {
    const res = await put(vendor, '/modules/MD-0007/settings', {
      acl: { ips: [{ name: 'ci', ip_range: ['10.0.0.0/8'] }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().acl.ips).toMatchObject([{ name: 'ci', action: 'allow', ip_range: ['10.0.0.0/8'] }]);
    expect((await get(vendor, '/modules/integrations/settings')).json()).toEqual(res.json());
    expect((await get(vendor, '/acl/integrations/rules')).json()).toMatchObject([
      { value: '10.0.0.0/8', comment: 'ci' },
    ]);
    // the account list is another list
    expect((await get(vendor, '/modules/account/settings')).json().acl.ips).toEqual([]);
    expect((await get(other, '/modules/integrations/settings')).json().acl.ips).toEqual([]);
    await put(vendor, '/modules/integrations/settings', { acl: { ips: [] } });
  });
});

describe('helpdesk settings', () => {
  const path = () => `/modules/helpdesk/accounts/${t.demo.vendor.id}/settings`;

  it('has defaults, changes field by field, and names bad values', async () => {
    expect((await get(vendor, path())).json()).toEqual({ ttl: DEFAULT_HELPDESK_TTL_DAYS, mode: 'builtin', events: {} });
    const bad = await put(vendor, path(), { ttl: -1, mode: 'elsewhere' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['ttl: ttl must be at least 0', 'mode: mode must be one of builtin, federated']);
    // federated mode sends partners elsewhere: not without instructions saying where, and nothing is stored
    const bare = await put(vendor, path(), { ttl: 14, mode: 'federated' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual([
      'instructions: Federated mode needs instructions: tell partners how to reach your support desk.',
    ]);
    expect((await get(vendor, path())).json().mode).toBe('builtin');
    const ok = await put(vendor, path(), { ttl: 14, mode: 'federated', instructions: 'Write to help@example.com' });
    expect(ok.json()).toMatchObject({
      ttl: 14,
      mode: 'federated',
      instructions: 'Write to help@example.com',
      events: { created: { by: { name: 'Vera Vendor' } }, updated: { by: { name: 'Vera Vendor' } } },
    });
    const again = await put(vendor, `/modules/MD-0023/accounts/${t.demo.vendor.id}/settings`, { ttl: 3 });
    expect(again.json()).toMatchObject({ ttl: 3, mode: 'federated', instructions: 'Write to help@example.com' });
    expect((await get(vendor, path())).json().ttl).toBe(3);
    const cleared = await put(vendor, path(), { instructions: '' });
    expect(cleared.statusCode).toBe(400);
  });

  it("another account's settings are 404, before the body is read", async () => {
    expect((await get(other, path())).statusCode).toBe(404);
    expect((await put(other, path(), { ttl: 'not a number' })).statusCode).toBe(404);
    expect((await get(other, `/modules/helpdesk/accounts/${t.demo.other.id}/settings`)).statusCode).toBe(200);
  });
});
