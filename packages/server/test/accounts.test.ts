import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe('accounts', () => {
  it("lists only the caller's accounts with a Content-Range", async () => {
    const s = await t.login('multi@demo.trellis');
    const res = await t.call(s, { method: 'GET', url: '/public/v1/accounts?ordering(name)' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: any) => a.name)).toEqual(['Demo Provider', 'Demo Vendor']);
    expect(res.headers['content-range']).toBe('items 0-1/2');
  });

  it('filters with RQL and refuses unknown fields with a 400 naming the field', async () => {
    const s = await t.login('multi@demo.trellis');
    const ok = await t.call(s, { method: 'GET', url: '/public/v1/accounts?eq(type,vendor)' });
    expect(ok.json().map((a: any) => a.name)).toEqual(['Demo Vendor']);
    const bad = await t.call(s, { method: 'GET', url: '/public/v1/accounts?eq(secret,1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toContain('secret');
    const malformed = await t.call(s, { method: 'GET', url: '/public/v1/accounts?eq(name' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error_code).toBe('RQL_001');
  });

  it("hides another tenant's account (404) and validates updates", async () => {
    const s = await t.login('vendor@demo.trellis');
    expect((await t.call(s, { method: 'GET', url: `/public/v1/accounts/${t.demo.other.id}` })).statusCode).toBe(404);
    const short = await t.call(s, {
      method: 'PUT',
      url: `/public/v1/accounts/${t.demo.vendor.id}`,
      payload: { name: 'abc' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual(['name: Input must be at least 4 characters']);
    const ok = await t.call(s, {
      method: 'PUT',
      url: `/public/v1/accounts/${t.demo.vendor.id}`,
      payload: { name: 'Demo Vendor Inc' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().name).toBe('Demo Vendor Inc');
    expect(ok.json().events.updated.by.name).toBe('Vera Vendor');
  });
});

describe('account settings', () => {
  it('stores the MFA policy, shows it in the context, and refuses unknown policies', async () => {
    const s = await t.login('vendor@demo.trellis');
    const url = `/public/v1/accounts/${t.demo.vendor.id}`;
    const before = await t.call(s, { method: 'GET', url: '/public/v1/auth/context' });
    expect(before.json().account.settings.mfa.policy).toBe('optional');
    const name = (await t.call(s, { method: 'GET', url })).json().name;

    const bad = await t.call(s, { method: 'PUT', url, payload: { name, settings: { mfa: { policy: 'sometimes' } } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['settings.mfa.policy: policy must be one of required, optional, not required']);

    const ok = await t.call(s, { method: 'PUT', url, payload: { name, settings: { mfa: { policy: 'required' } } } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().settings).toEqual({ mfa: { policy: 'required' } });
    const after = await t.call(s, { method: 'GET', url: '/public/v1/auth/context' });
    expect(after.json().account.settings.mfa.policy).toBe('required');

    // `disabled`, the older spelling, is stored as `not required`.
    const alias = await t.call(s, { method: 'PUT', url, payload: { name, settings: { mfa: { policy: 'disabled' } } } });
    expect(alias.json().settings).toEqual({ mfa: { policy: 'not required' } });
    await t.call(s, { method: 'PUT', url, payload: { name, settings: { mfa: { policy: 'required' } } } });

    // A later update without settings keeps the stored policy.
    await t.call(s, { method: 'PUT', url, payload: { name } });
    expect(
      (await t.call(s, { method: 'GET', url: '/public/v1/auth/context' })).json().account.settings.mfa.policy,
    ).toBe('required');
    // back to the demo's policy: under 'required' the next sign-ins of the demo vendor would have to set MFA up
    await t.call(s, { method: 'PUT', url, payload: { name, settings: { mfa: { policy: 'optional' } } } });
  });

  it('needs the Account module to change the policy', async () => {
    const s = await t.login('vendor@demo.trellis');
    const token = await t.call(s, {
      method: 'POST',
      url: '/public/v1/auth/tokens',
      payload: { name: 'Reports only', permissions: ['MD-0008'] },
    });
    const key = token.json().token;
    const res = await t.call(key, {
      method: 'PUT',
      url: `/public/v1/accounts/${t.demo.vendor.id}`,
      payload: { name: 'Demo Vendor', settings: { mfa: { policy: 'disabled' } } },
    });
    expect(res.statusCode).toBe(403);
  });
});
