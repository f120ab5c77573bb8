import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { readOutbox } from '../src/modules/mail/outbox.ts';
import { testApp, type TestApp } from './helpers.ts';

// Small limits so the tests reach them; each test uses its own client address.
let t: TestApp;
beforeAll(async () => { t = await testApp({ loginMaxPerAccount: 3, loginMaxPerAddress: 5 }); });
afterAll(async () => { await t?.close(); });

const THROTTLED = { error_code: 'THR_001', errors: ['Too many failed attempts. Try again in 15 minutes.'] };

const send = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: `/public/v1${url}`, payload, remoteAddress: ip });
const login = (email: string, password: string, ip: string) => send('/auth/login', { email, password }, ip);

describe('login throttling', () => {
  it('refuses an e-mail with 429 after loginMaxPerAccount failures, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await login('vendor@demo.trellis', 'wrong-1', '10.0.0.1')).statusCode).toBe(401);
    const res = await login('vendor@demo.trellis', DEMO_PASSWORD, '10.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual(THROTTLED);
    // The limit follows the e-mail, whatever the address and letter case.
    expect((await login('VENDOR@demo.trellis', DEMO_PASSWORD, '10.0.0.99')).statusCode).toBe(429);
    // Other users are not affected.
    expect((await login('provider@demo.trellis', DEMO_PASSWORD, '10.0.0.1')).statusCode).toBe(201);
  });

  it('refuses an address with 429 after loginMaxPerAddress failures across different e-mails', async () => {
    const ip = '10.0.0.2';
    for (let i = 0; i < 5; i++) expect((await login(`guess${i}@example.test`, 'wrong-1', ip)).statusCode).toBe(401);
    const res = await login('other@demo.trellis', DEMO_PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(THROTTLED);
    expect((await login('other@demo.trellis', DEMO_PASSWORD, '10.0.0.3')).statusCode).toBe(201);
  });

  it('forgets an e-mail\'s failures after a successful login', async () => {
    const ip = '10.0.0.4';
    for (let i = 0; i < 2; i++) expect((await login('multi@demo.trellis', 'wrong-1', ip)).statusCode).toBe(401);
    expect((await login('multi@demo.trellis', DEMO_PASSWORD, ip)).statusCode).toBe(201);
    // Two more failures would make four without the reset; the limit is three.
    for (let i = 0; i < 2; i++) expect((await login('multi@demo.trellis', 'wrong-1', ip)).statusCode).toBe(401);
    expect((await login('multi@demo.trellis', DEMO_PASSWORD, ip)).statusCode).toBe(201);
  });
});

describe('password restore and user check throttling', () => {
  it('limits restore requests per e-mail, without telling whether the e-mail exists', async () => {
    for (const email of ['multi@demo.trellis', 'unknown@example.test']) {
      for (let i = 0; i < 3; i++) expect((await send('/auth/password/restore', { email }, `10.1.0.${i}`)).statusCode).toBe(200);
      const res = await send('/auth/password/restore', { email }, '10.1.0.9');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(THROTTLED);
    }
    expect(await readOutbox(t.db, { to: 'multi@demo.trellis' })).toHaveLength(3);
  });

  it('limits restore requests per address across e-mails', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++) expect((await send('/auth/password/restore', { email: `r${i}@example.test` }, ip)).statusCode).toBe(200);
    const res = await send('/auth/password/restore', { email: 'provider@demo.trellis' }, ip);
    expect(res.statusCode).toBe(429);
    expect(await readOutbox(t.db, { to: 'provider@demo.trellis' })).toHaveLength(0);
  });

  it('limits user checks per address', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 5; i++) expect((await send('/auth/user/check', { email: `c${i}@example.test` }, ip)).statusCode).toBe(404);
    const res = await send('/auth/user/check', { email: 'vendor@demo.trellis' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(THROTTLED);
    expect((await send('/auth/user/check', { email: 'vendor@demo.trellis' }, '10.3.0.2')).statusCode).toBe(200);
  });
});
