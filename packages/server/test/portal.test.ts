import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPortal } from '../src/http/portal.ts';
import { testApp, type TestApp } from './helpers.ts';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>';

describe('serving the built portal', () => {
  let t: TestApp;
  let dist: string;
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'trellis-portal-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log("portal")');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
    process.env.TRELLIS_PORTAL_DIR = dist;
    t = await testApp();
  });
  afterAll(async () => {
    await t?.close();
    delete process.env.TRELLIS_PORTAL_DIR;
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and for any page URL a browser opens (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/settings/users/tokens', '/accounts/VA-123-456?state=abc']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('lets other sites frame the public lead form pages (/embed/…), and no other page', async () => {
    const embed = await t.app.inject({ method: 'GET', url: '/embed/leads/LST-123-456-789', headers: html });
    expect(embed.body).toBe(INDEX);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    const login = await t.app.inject({ method: 'GET', url: '/login', headers: html });
    expect(login.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(login.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('serves hashed assets with a long cache and top-level files by name', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toBe('User-agent: *');
  });

  it('keeps the JSON 404 for unknown API paths, missing assets and non-HTML requests', async () => {
    for (const url of ['/public/v1/nope', '/rest/v1/nope', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json().error_code).toBeTruthy();
    }
    const api = await t.app.inject({ method: 'GET', url: '/some/page', headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/login', headers: html });
    expect(post.statusCode).toBe(404);
  });

  it('never serves files outside dist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/..%2F..%2Fpackage.json', headers: { accept: '*/*' } });
    expect(res.body).not.toContain('"name"');
    const enc = await t.app.inject({ method: 'GET', url: '/%2e%2e/%2e%2e/etc/passwd', headers: html });
    expect(enc.body).not.toContain('root:');
    const malformed = await t.app.inject({ method: 'GET', url: '/%E0%A4%A', headers: html });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
  });

  it('the API still answers, and the page allows its own scripts and inline styles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/v1/auth/context' });
    expect(res.statusCode).toBe(401);
    const page = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
  });
});

describe('before the portal is built', () => {
  it('GET / says how to build it; API paths stay JSON', async () => {
    const app = Fastify();
    app.setNotFoundHandler((_req, reply) =>
      reply
        .code(404)
        .type('application/json')
        .send({ error_code: 'NF_001', errors: ['No such endpoint'] }),
    );
    await registerPortal(app, join(tmpdir(), 'trellis-no-such-dist'));
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('npm run build -w @trellis/portal');
    expect(
      (await app.inject({ method: 'GET', url: '/public/v1/x', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(404);
    await app.close();
  });
});
