import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Session, type TestApp } from './helpers.ts';

/**
 * Client input never yields a 5xx: every route of the OpenAPI document, called with odd path values, malformed
 * queries and bodies of the wrong shape, answers with a 2xx–4xx and a JSON error body.
 */
let t: TestApp;
let vendor: Session;
let routes: { method: string; path: string }[];
beforeAll(async () => {
  t = await testApp();
  vendor = await t.login('vendor@demo.trellis');
  const doc = (await t.app.inject({ method: 'GET', url: '/public/v1/openapi.json' })).json();
  routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'delete'].includes(m))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await t?.close();
});

const ODD_IDS = ['PRD-000-000-000', "x' or '1'='1", '%E2%80%AE%F0%9F%98%80', '..%2F..%2Fetc%2Fpasswd', '9'.repeat(40)];
const BODIES: unknown[] = [[], 'text', 42, null, { name: { nested: [1, { deep: true }] }, id: 7, status: [] }];
const QUERIES = [
  '?eq(id,1)',
  '?limit=-1',
  '?ordering(nope)',
  '?and(eq(a,1)',
  '?search=%27%22%3B--',
  '?select(-events)&limit=0',
];

const fill = (path: string, value: string) => `/public/v1${path.replace(/\{[^}]+\}/g, value)}`;

describe('robustness', () => {
  it('finds the routes to try', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('answers every route with a non-5xx status and a JSON body for odd ids, queries and bodies', async () => {
    const failures: string[] = [];
    const check = async (method: string, url: string, payload?: unknown) => {
      const res = await t.call(vendor, {
        method: method as 'GET',
        url,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
      });
      if (res.statusCode >= 500)
        failures.push(
          `${method} ${url} ${payload === undefined ? '' : JSON.stringify(payload)} → ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
    };
    for (const r of routes) {
      if (r.path.includes('/auth/logout') || r.path.includes('/terminate')) continue; // would end the session used here
      for (const id of ODD_IDS) {
        if (r.method === 'GET') await check('GET', fill(r.path, id) + QUERIES[ODD_IDS.indexOf(id) % QUERIES.length]);
        else if (r.method === 'DELETE') await check('DELETE', fill(r.path, id));
        else for (const body of BODIES) await check(r.method, fill(r.path, id), body);
      }
    }
    expect(failures).toEqual([]);
    // the calls ran as a logged-in user all along (not a wall of 401s)
    expect((await t.call(vendor, { method: 'GET', url: '/public/v1/auth/context' })).statusCode).toBe(200);
  }, 180_000);
});
