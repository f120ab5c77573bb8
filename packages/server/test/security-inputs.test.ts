import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validation } from '@trellis/domain';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { issueCode } from '../src/modules/identity/codes/service.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

// Issue 11, defect 9: weak passwords, error bodies of malformed requests, strict JSON bodies, no-store on
// secrets, and the Secure cookie behind a TLS-terminating proxy.
let t: TestApp;
let vendor: Session;
beforeAll(async () => {
  t = await testApp();
  vendor = await t.login('vendor@demo.trellis');
});
afterAll(async () => {
  await t?.close();
});

const API = '/public/v1';
const errorBody = (res: { headers: Record<string, unknown>; json: () => any }) => {
  expect(res.headers['content-type']).toBe('application/json');
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['error_code', 'errors']);
  return body as { error_code: string; errors: string[] };
};

describe('weak passwords', () => {
  let n = 0;
  async function member() {
    const email = `strength${++n}@example.test`;
    const user = await createUser(t.db, { email, name: `Sam Strength`, password: 'Old-password-1' });
    await addMember(t.db, t.demo.vendor.id, user.id);
    return { ...user, email };
  }

  it('refuses common and personal passwords when set with a code, with the field message', async () => {
    const user = await member();
    for (const [password, message] of [
      ['password1', validation.PASSWORD_COMMON],
      ['qwerty123', validation.PASSWORD_COMMON],
      [`${user.email}1`, validation.PASSWORD_PERSONAL],
      ['strength1sam', validation.PASSWORD_PERSONAL],
    ]) {
      const code = await issueCode(t.db, user.id, 'restore');
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/password/set?code=${encodeURIComponent(code)}`,
        payload: { password },
      });
      expect(res.statusCode, `${password}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'VAL_001', errors: [`password: ${message}`] });
    }
    const code = await issueCode(t.db, user.id, 'restore');
    const ok = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/password/set?code=${encodeURIComponent(code)}`,
      payload: { password: 'Lantern-oak-river-7' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a weak new password and the current one again on change', async () => {
    const user = await member();
    const me = await t.login(user.email, 'Old-password-1');
    const change = (password: string) =>
      t.call(me, {
        method: 'POST',
        url: `${API}/auth/password/change`,
        payload: { old_password: 'Old-password-1', password },
      });
    for (const [password, message] of [
      ['password1', validation.PASSWORD_COMMON],
      ['Old-password-1', validation.PASSWORD_SAME_AS_CURRENT],
      [`${user.email}2`, validation.PASSWORD_PERSONAL],
    ]) {
      const res = await change(password);
      expect(res.statusCode, `${password}: ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual([`password: ${message}`]);
    }
    expect((await change('Lantern-oak-river-7')).statusCode).toBe(201);
  });
});

describe('error bodies of requests Fastify or Node refuse', () => {
  it('answers a malformed % escape in the path with the JSON error body', async () => {
    const res = await t.call(vendor, { method: 'GET', url: `${API}/products/%E0%A4%A` });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toEqual({
      error_code: 'REQ_001',
      errors: ['The URL path is malformed (an invalid % escape).'],
    });
  });

  it('answers oversized headers and URLs with the JSON error body', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        let data = '';
        socket.on('data', (d) => (data += d));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
    const big = 'x'.repeat(20_000);
    for (const request of [
      `GET ${API}/products HTTP/1.1\r\nHost: x\r\nX-Big: ${big}\r\n\r\n`,
      `GET ${API}/products?q=${big} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]) {
      const answer = await raw(request);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head.toLowerCase()).toContain('content-type: application/json');
      expect(JSON.parse(body)).toEqual({
        error_code: 'REQ_001',
        errors: ['The request headers (or the URL) are too large.'],
      });
    }
  });
});

describe('JSON bodies', () => {
  const post = (payload: string | Buffer) =>
    t.call(vendor, {
      method: 'POST',
      url: `${API}/auth/tokens`,
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('refuses invalid UTF-8 instead of storing U+FFFD', async () => {
    const body = Buffer.concat([Buffer.from('{"name":"bad '), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toEqual({ error_code: 'REQ_001', errors: ['Request body is not valid UTF-8.'] });
    const made = await t.call(vendor, { method: 'GET', url: `${API}/auth/tokens?like(name,bad*)` });
    expect(made.json()).toEqual([]);
  });

  it('says what is wrong with a __proto__ key and with very deep nesting', async () => {
    const proto = await post('{"name":"x","__proto__":{"admin":true}}');
    expect(proto.statusCode).toBe(400);
    expect(errorBody(proto).errors).toEqual([
      'Request body has a "__proto__" or "constructor.prototype" key, which is not allowed.',
    ]);
    const deep = await post(`{"name":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    expect(deep.statusCode).toBe(400);
    expect(errorBody(deep).errors).toEqual(['Request body nests objects and arrays more than 64 levels deep.']);
    // brackets inside strings are text, not nesting
    const text = await post(JSON.stringify({ name: '['.repeat(100), permissions: [{ id: 'MD-0014' }] }));
    expect(text.statusCode, text.body).toBe(201);
  });
});

describe('responses that carry a secret', () => {
  it('are never stored: Cache-Control no-store on login, token create and rotate', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: 'provider@demo.trellis', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(201);
    expect(login.headers['cache-control']).toBe('no-store');
    const made = await t.call(vendor, {
      method: 'POST',
      url: `${API}/auth/tokens`,
      payload: { name: 'Secret bearer', permissions: [{ id: 'MD-0014' }] },
    });
    expect(made.statusCode).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    const rotated = await t.call(vendor, { method: 'POST', url: `${API}/auth/tokens/${made.json().id}/rotate` });
    expect(rotated.json().token).toMatch(/^ApiKey /);
    expect(rotated.headers['cache-control']).toBe('no-store');
  });
});

describe('the session cookie behind a TLS-terminating proxy', () => {
  it('is Secure when PUBLIC_URL is https, even though the proxy speaks plain http to the server', async () => {
    const tls = await testApp({ publicUrl: 'https://portal.example.com' });
    try {
      const res = await tls.app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { email: 'vendor@demo.trellis', password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(res.cookies[0]).toMatchObject({ name: 'trellis_session', secure: true, httpOnly: true });
    } finally {
      await tls.close();
    }
    // plain http installs (PUBLIC_URL http://...) keep a cookie the browser sends over http
    const plain = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: 'other@demo.trellis', password: DEMO_PASSWORD },
    });
    expect(plain.cookies[0].secure).toBeFalsy();
  });
});
