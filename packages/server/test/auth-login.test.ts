import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe('login and context', () => {
  it('logs in with the demo password and returns the session id and account', async () => {
    const s = await t.login('vendor@demo.trellis');
    expect(s.sessionId).toMatch(/^SE-/);
    expect(s.body.account.name).toBe('Demo Vendor');
    expect(s.body.user.email).toBe('vendor@demo.trellis');
    const ctx = await t.call(s, { method: 'GET', url: '/public/v1/auth/context' });
    expect(ctx.statusCode).toBe(200);
    expect(ctx.json().account.id).toBe(t.demo.vendor.id);
  });

  it('refuses a wrong password with the exact message and application/json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/login',
      payload: { email: 'vendor@demo.trellis', password: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({ error_code: 'AUTH_001', errors: ['Invalid e-mail or password.'] });
  });

  it('answers 401 without credentials and 404 for unknown endpoints', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/public/v1/auth/context' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/public/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
  });

  it('switches account for a user of two accounts', async () => {
    const s = await t.login('multi@demo.trellis');
    const res = await t.call(s, {
      method: 'POST',
      url: '/public/v1/auth/context',
      payload: { account: { id: t.demo.provider.id } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().account.id).toBe(t.demo.provider.id);
    const ctx = await t.call(s, { method: 'GET', url: '/rest/v1/auth/context' });
    expect(ctx.json().account.id).toBe(t.demo.provider.id);
  });

  it('refuses a cookie-authenticated write without the session header (CSRF guard)', async () => {
    const s = await t.login('multi@demo.trellis');
    const res = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/context',
      headers: { cookie: s.cookie },
      payload: { account: { id: t.demo.provider.id } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error_code).toBe('AUTH_003');
  });
});
