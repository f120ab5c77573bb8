import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
let s: Session;
const RECORDS = 150;

beforeAll(async () => {
  t = await testApp();
  s = await t.login('vendor@demo.trellis');
  // A long list to page through: audit records of the vendor account.
  await sql`insert into audit_records (id, account_id, object_id, object_type, action, actor_id, created_at, data)
    select 'AR-TEST-' || lpad(i::text, 4, '0'), ${t.demo.vendor.id}, 'OBJ-' || i, 'thing', 'create', 'system', now() - make_interval(secs => i),
      jsonb_build_object('id', 'AR-TEST-' || lpad(i::text, 4, '0'), 'action', 'create', 'object', jsonb_build_object('id', 'OBJ-' || i, 'type', 'thing'),
        'actor', jsonb_build_object('id', 'system', 'name', 'System', 'type', 'system'), 'account', jsonb_build_object('id', ${t.demo.vendor.id}::text),
        'changes', '{}'::jsonb, 'events', jsonb_build_object('created', jsonb_build_object('at', to_char(now() - make_interval(secs => i), 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))))
    from generate_series(1, ${RECORDS}) as i`.execute(t.db);
});
afterAll(async () => {
  await t?.close();
});

const records = (query: string) =>
  t.call(s, { method: 'GET', url: `/public/v1/audit/records?eq(object.type,thing)${query}` });

/** Every error response is JSON with exactly this content type and the error body. */
function expectError(
  res: { statusCode: number; headers: Record<string, any>; json(): any },
  status: number,
  code?: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toBe('application/json');
  const body = res.json();
  expect(body).toMatchObject({ error_code: expect.any(String), errors: [expect.any(String)] });
  if (code) expect(body.error_code).toBe(code);
  return body;
}

describe('request bodies', () => {
  it('refuses malformed JSON with 400 REQ_001 naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(expectError(res, 400, 'REQ_001').errors[0]).toMatch(/not valid JSON/);
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(expectError(res, 415, 'REQ_003').errors[0]).toContain('text/plain');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(expectError(xml, 415, 'REQ_003').errors[0]).toContain('application/xml');
  });

  it('refuses a body over the limit with 413', async () => {
    const small = await testApp({ bodyLimit: 1000 });
    try {
      const res = await small.app.inject({
        method: 'POST',
        url: '/public/v1/auth/login',
        payload: { email: 'a@b.c', password: 'x'.repeat(2000) },
      });
      expectError(res, 413, 'REQ_002');
      const fits = await small.app.inject({
        method: 'POST',
        url: '/public/v1/auth/login',
        payload: { email: 'vendor@demo.trellis', password: 'Trellis-demo-1' },
      });
      expect(fits.statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});

describe('routing and errors', () => {
  it('answers an unknown route with a JSON 404', async () => {
    expect(
      expectError(await t.call(s, { method: 'GET', url: '/public/v1/no-such-thing' }), 404, 'NF_001').errors[0],
    ).toContain('/public/v1/no-such-thing');
    expectError(await t.app.inject({ method: 'GET', url: '/public/v2/accounts' }), 404);
    expectError(await t.app.inject({ method: 'GET', url: '/docs/no-such-file.js' }), 404);
  });

  it('uses exactly application/json for errors: 401, 403, 404, 400', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/public/v1/accounts' }), 401, 'AUTH_001');
    // A cookie-authenticated write without the session header (CSRF guard).
    const csrf = await t.app.inject({
      method: 'PUT',
      url: `/public/v1/accounts/${t.demo.vendor.id}`,
      headers: { cookie: s.cookie },
      payload: { name: 'Forged Name' },
    });
    expectError(csrf, 403);
    expectError(await t.call(s, { method: 'GET', url: `/public/v1/accounts/${t.demo.other.id}` }), 404);
    expectError(await t.call(s, { method: 'GET', url: '/public/v1/accounts?eq(name' }), 400, 'RQL_001');
  });

  it('serves the same API under /rest/v1', async () => {
    const a = await t.call(s, { method: 'GET', url: '/public/v1/accounts' });
    const b = await t.call(s, { method: 'GET', url: '/rest/v1/accounts' });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['content-range']).toBe(a.headers['content-range']);
  });
});

describe('paging', () => {
  it('returns 100 items by default with the total in Content-Range', async () => {
    const res = await records('');
    expect(res.json()).toHaveLength(100);
    expect(res.headers['content-range']).toBe(`items 0-99/${RECORDS}`);
  });

  it('pages with limit and offset', async () => {
    const res = await records('&limit=10&offset=20');
    expect(res.headers['content-range']).toBe(`items 20-29/${RECORDS}`);
    // Newest first: record i is i seconds old.
    expect(res.json().map((r: any) => r.id)).toEqual(
      Array.from({ length: 10 }, (_, k) => `AR-TEST-${String(21 + k).padStart(4, '0')}`),
    );
    const last = await records(`&limit=100&offset=${RECORDS - 5}`);
    expect(last.json()).toHaveLength(5);
    expect(last.headers['content-range']).toBe(`items ${RECORDS - 5}-${RECORDS - 1}/${RECORDS}`);
    const all = await records('&limit=1000');
    expect(all.json()).toHaveLength(RECORDS);
  });

  it('limit=0 returns only the count; limit over 1000 is a 400', async () => {
    const zero = await records('&limit=0');
    expect(zero.statusCode).toBe(200);
    expect(zero.json()).toEqual([]);
    expect(zero.headers['content-range']).toBe(`items 0-0/${RECORDS}`);
    expect(expectError(await records('&limit=1001'), 400).errors[0]).toContain('1000');
  });
});

describe('security headers and cookies', () => {
  it('sends the hardening headers on API and error responses', async () => {
    for (const res of [
      await t.call(s, { method: 'GET', url: '/public/v1/accounts' }),
      await t.app.inject({ method: 'GET', url: '/public/v1/accounts' }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/login',
      payload: { email: 'vendor@demo.trellis', password: 'Trellis-demo-1' },
    });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(res.json().session_id).toBeTruthy();
    expect(header).not.toContain(res.json().session_id);
  });
});

describe('NUL characters', () => {
  it('refuses NUL in a JSON body or the URL with a 400, never a 500', async () => {
    const body = await t.call(s, {
      method: 'PUT',
      url: `/public/v1/accounts/${t.demo.vendor.id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Demo\\u0000Vendor"}',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual(['name: NUL characters are not allowed.']);
    const path = await t.call(s, { method: 'GET', url: '/public/v1/accounts/VA%00' });
    expect(path.statusCode).toBe(400);
    const key = await t.call(s, {
      method: 'POST',
      url: '/public/v1/auth/tokens',
      headers: { 'content-type': 'application/json' },
      payload: '{"na\\u0000me":"x"}',
    });
    expect(key.statusCode).toBe(400);
    expect((await t.call(s, { method: 'GET', url: `/public/v1/accounts/${t.demo.vendor.id}` })).json().name).toBe(
      'Demo Vendor',
    );
  });
});
