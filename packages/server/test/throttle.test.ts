import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { readOutbox } from '../src/mail/outbox.ts';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { testApp, type TestApp } from './helpers.ts';

// Sign-in protection (issue 11, defects 3–5). Small limits so the tests reach them; each test uses its own
// client addresses and e-mails. Pair = (e-mail, address): 3 failures at full speed; an e-mail failing from 6
// addresses or an address failing for 5 e-mails slows down only the pairs that failed.
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ loginMaxPerAccount: 3, loginMaxPerEmail: 6, loginMaxPerAddress: 5, publicMaxPerAddress: 4 });
  for (const email of ['reset@demo.trellis']) {
    const user = await createUser(t.db, { email, name: email.split('@')[0], password: DEMO_PASSWORD });
    await addMember(t.db, t.demo.vendor.id, user.id);
  }
});
afterAll(async () => {
  await t?.close();
});

const THROTTLED_15_MIN = { error_code: 'THR_001', errors: ['Too many requests. Try again in 15 minutes.'] };
const slowedFor = (s: number) => ({
  error_code: 'THR_001',
  errors: [`Too many failed sign-in attempts. Try again in ${s} second${s === 1 ? '' : 's'}.`],
});

const send = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: `/public/v1${url}`, payload, remoteAddress: ip });
const login = (email: string, password: string, ip: string) => send('/auth/login', { email, password }, ip);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('login throttling under concurrency', () => {
  // the default limit (10 at full speed); a long first wait so that no slow machine reaches the end of it
  let p: TestApp;
  beforeAll(async () => {
    p = await testApp({ loginDelayMs: 60_000 });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('checks only the allowed number of 100 parallel guesses: the right password among them is refused', async () => {
    const attempts = Array.from({ length: 101 }, (_, i) =>
      p.app.inject({
        method: 'POST',
        url: '/public/v1/auth/login',
        payload: { email: 'multi@demo.trellis', password: i === 60 ? DEMO_PASSWORD : `wrong-guess-${i}` },
        remoteAddress: '10.9.0.1',
      }),
    );
    const results = await Promise.all(attempts);
    const codes = results.map((r) => r.statusCode);
    expect(codes[60], results[60].body).toBe(429);
    // exactly loginMaxPerAccount (10) passwords were checked; every other attempt was refused unchecked
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(91);
    expect(codes.filter((c) => c === 201)).toHaveLength(0);
  });
});

describe('lock-out policy: slow down the failing pair, let the owner through', () => {
  it('slows down one address after its failures, while the owner signs in from another address', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login('vendor@demo.trellis', 'wrong-1', '10.0.0.1')).statusCode).toBe(401);
    const res = await login('vendor@demo.trellis', DEMO_PASSWORD, '10.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual(slowedFor(1));
    // the owner, from an address that did not fail, whatever the letter case of the e-mail
    expect((await login('VENDOR@demo.trellis', DEMO_PASSWORD, '10.0.0.99')).statusCode).toBe(201);
    // a slow-down, not a lock-out: after the wait the right password works from the failing address too
    await sleep(1100);
    expect((await login('vendor@demo.trellis', DEMO_PASSWORD, '10.0.0.1')).statusCode).toBe(201);
  });

  it('doubles the wait after each further failure of the pair', async () => {
    const ip = '10.0.0.5';
    for (let i = 0; i < 3; i++) expect((await login('multi@demo.trellis', 'wrong-1', ip)).statusCode).toBe(401);
    await sleep(1100);
    expect((await login('multi@demo.trellis', 'wrong-2', ip)).statusCode).toBe(401);
    const res = await login('multi@demo.trellis', DEMO_PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('2');
  });

  it('lets the owner in from an address that did not fail while an e-mail is attacked from many', async () => {
    for (let i = 1; i <= 6; i++)
      expect((await login('provider@demo.trellis', 'wrong-1', `10.5.0.${i}`)).statusCode).toBe(401);
    // every attacking address now waits after its one failure; one more guess from each is not checked at once
    for (let i = 1; i <= 6; i++)
      expect((await login('provider@demo.trellis', DEMO_PASSWORD, `10.5.0.${i}`)).statusCode).toBe(429);
    expect((await login('provider@demo.trellis', DEMO_PASSWORD, '10.5.0.99')).statusCode).toBe(201);
  });

  it('lifts the slow-down when the owner resets the password through the e-mailed link', async () => {
    const ip = '10.6.0.1';
    for (let i = 0; i < 3; i++) expect((await login('reset@demo.trellis', 'wrong-1', ip)).statusCode).toBe(401);
    expect((await login('reset@demo.trellis', DEMO_PASSWORD, ip)).statusCode).toBe(429);
    expect((await send('/auth/password/restore', { email: 'reset@demo.trellis' }, ip)).statusCode).toBe(200);
    const [mail] = await readOutbox(t.db, { to: 'reset@demo.trellis', limit: 1 });
    const code = decodeURIComponent(/password\/set\?code=(\S+)/.exec(mail.body_text)![1]);
    const set = await send(`/auth/password/set?code=${encodeURIComponent(code)}`, { password: 'Fresh-start-42' }, ip);
    expect(set.statusCode, set.body).toBe(201);
    expect((await login('reset@demo.trellis', 'Fresh-start-42', ip)).statusCode).toBe(201);
  });
});

describe('an address that failed for many e-mails', () => {
  // a first wait long enough that no slow machine spends it between two sign-ins (a password check takes time)
  const WAIT_MS = 10_000;
  let q: TestApp;
  beforeAll(async () => {
    q = await testApp({ loginMaxPerAccount: 3, loginMaxPerEmail: 6, loginMaxPerAddress: 5, loginDelayMs: WAIT_MS });
  });
  afterAll(async () => {
    await q?.close();
  });
  const loginAt = (email: string, password: string, ip: string) =>
    q.app.inject({ method: 'POST', url: '/public/v1/auth/login', payload: { email, password }, remoteAddress: ip });

  it('does not lock out everyone behind it', async () => {
    const ip = '10.0.0.2';
    for (let i = 0; i < 5; i++) expect((await loginAt(`guess${i}@example.test`, 'wrong-1', ip)).statusCode).toBe(401);
    // a colleague behind the same proxy, whose e-mail never failed from there, waits the first wait at most (the
    // address tries one new e-mail per wait: no fast spraying), then signs in
    const first = await loginAt('other@demo.trellis', DEMO_PASSWORD, ip);
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(WAIT_MS / 1000);
    await sleep(WAIT_MS + 100);
    expect((await loginAt('other@demo.trellis', DEMO_PASSWORD, ip)).statusCode).toBe(201);
    // the e-mails that failed from there are slowed down...
    expect((await loginAt('guess0@example.test', 'wrong-1', ip)).statusCode).toBe(429);
    // ...and the next new e-mail waits its turn too
    expect((await loginAt('guess9@example.test', 'wrong-1', ip)).statusCode).toBe(429);
    await sleep(WAIT_MS + 100);
    expect((await loginAt('guess9@example.test', 'wrong-1', ip)).statusCode).toBe(401);
  }, 90_000);
});

describe('with reCAPTCHA configured', () => {
  let captcha: TestApp;
  let verifier: Server;
  beforeAll(async () => {
    // Google's siteverify answers as the real one does for a valid answer (RECAPTCHA_VERIFY_URL points here)
    verifier = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const ok = new URLSearchParams(body).get('response') === 'human';
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: ok }));
      });
    });
    await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', r));
    const port = (verifier.address() as { port: number }).port;
    captcha = await testApp({
      loginMaxPerAccount: 3,
      loginMaxPerEmail: 2,
      loginMaxPerAddress: 5,
      recaptchaSecret: 'test-secret',
      recaptchaVerifyUrl: `http://127.0.0.1:${port}/siteverify`,
    });
  });
  afterAll(async () => {
    await captcha?.close();
    await new Promise((r) => verifier?.close(r));
  });

  it('lets a solved reCAPTCHA through the shared slow-down of an attacked e-mail', async () => {
    const attempt = (password: string, ip: string, recaptcha = 'human') =>
      captcha.app.inject({
        method: 'POST',
        url: '/public/v1/auth/login',
        payload: { email: 'vendor@demo.trellis', password, recaptcha },
        remoteAddress: ip,
      });
    expect((await attempt('wrong-1', '10.7.0.1', 'robot')).statusCode).toBe(400);
    for (const ip of ['10.7.0.1', '10.7.0.2']) expect((await attempt('wrong-1', ip)).statusCode).toBe(401);
    // the e-mail is over its limit and 10.7.0.1 failed for it: a human with the right password gets in
    expect((await attempt(DEMO_PASSWORD, '10.7.0.1')).statusCode).toBe(201);
  });
});

describe('password restore, user check and password set throttling', () => {
  it('limits restore requests per e-mail, without telling whether the e-mail exists', async () => {
    for (const email of ['multi@demo.trellis', 'unknown@example.test']) {
      for (let i = 0; i < 3; i++)
        expect((await send('/auth/password/restore', { email }, `10.1.0.${i}`)).statusCode).toBe(200);
      const res = await send('/auth/password/restore', { email }, '10.1.0.9');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(THROTTLED_15_MIN);
      expect(res.headers['retry-after']).toBe('900');
    }
    expect(await readOutbox(t.db, { to: 'multi@demo.trellis' })).toHaveLength(3);
  });

  it('limits restore requests per address across e-mails', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++)
      expect((await send('/auth/password/restore', { email: `r${i}@example.test` }, ip)).statusCode).toBe(200);
    const res = await send('/auth/password/restore', { email: 'provider@demo.trellis' }, ip);
    expect(res.statusCode).toBe(429);
    expect(await readOutbox(t.db, { to: 'provider@demo.trellis' })).toHaveLength(0);
  });

  it('limits user checks per address', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 5; i++)
      expect((await send('/auth/user/check', { email: `c${i}@example.test` }, ip)).statusCode).toBe(404);
    const res = await send('/auth/user/check', { email: 'vendor@demo.trellis' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(THROTTLED_15_MIN);
    expect((await send('/auth/user/check', { email: 'vendor@demo.trellis' }, '10.3.0.2')).statusCode).toBe(200);
  });

  it('limits password set requests per address, in parallel too', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        send('/auth/password/set?code=not-a-code', { password: 'Fresh-start-42' }, '10.4.0.1'),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(16);
    expect(results.find((r) => r.statusCode === 429)!.json()).toEqual(THROTTLED_15_MIN);
  });

  it('checks the code before hashing the password: a wrong code costs no password hash', async () => {
    const N = 20;
    const before = process.cpuUsage();
    for (let i = 0; i < N; i++) {
      const res = await send('/auth/password/set?code=not-a-code', { password: 'Fresh-start-42' }, `10.8.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const used = process.cpuUsage(before);
    const perRequestMs = (used.user + used.system) / 1000 / N;
    // a scrypt hash alone takes ~40 ms of CPU; a refused code takes a lookup
    expect(perRequestMs).toBeLessThan(15);
  });
});
