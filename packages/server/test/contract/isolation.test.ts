import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownRoutes } from '../../src/openapi/openapi.ts';
import {
  BASE,
  openWorld,
  samplesOf,
  servedResources,
  snapshot,
  type Caller,
  type Sample,
  type World,
} from './world.ts';

// The isolation matrix (DESIGN §5), derived from the registry: for every served resource, the sample objects of each
// demo side are probed by tenants that have nothing to do with them — through every verb and every declared action —
// and by the other party of the same deal. Another tenant gets a 404 and the object is unchanged; the wrong side of a
// deal gets a 403 or a 404 where the declaration says it may not act.

let w: World;
let samples: Sample[];
beforeAll(async () => {
  w = await openWorld();
  samples = (await samplesOf(w)).filter((s) => !s.res.decl.shared);
}, 180_000);
afterAll(async () => {
  await w?.close();
});

const shape = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z_]+/g, '{}');

/**
 * Every write on one object: update, delete, each machine action, and every hand route below the object's URL
 * (sub-resources such as a group's users or a translation's attributes), found among the app's routes.
 */
function writes(s: Sample): { name: string; method: 'PUT' | 'DELETE' | 'POST'; url: string }[] {
  const out: { name: string; method: 'PUT' | 'DELETE' | 'POST'; url: string }[] = [];
  if (s.res.decl.update && s.res.update) out.push({ name: 'update', method: 'PUT', url: s.url });
  if (s.res.decl.remove) out.push({ name: 'delete', method: 'DELETE', url: s.url });
  const actions = Object.keys(s.res.decl.machine?.actions ?? {});
  for (const action of actions) out.push({ name: action, method: 'POST', url: `${s.url}/${action}` });
  const item = `${shape(s.res.decl.path)}/{}/`;
  for (const r of knownRoutes()) {
    const method = r.method.toUpperCase();
    if (method === 'GET' || !shape(r.path).startsWith(item)) continue;
    const rest = shape(r.path).slice(item.length);
    // deeper parameters belong to another object; actions are already in
    if (rest.includes('{}') || actions.includes(rest)) continue;
    out.push({ name: rest, method: method as 'PUT' | 'DELETE' | 'POST', url: `${s.url}/${rest}` });
  }
  return out;
}

const strangers = (): Caller[] => [w.otherVendor, w.otherProvider];

describe('isolation matrix, derived from the registry', () => {
  it('finds demo objects for most served resources (the matrix is not vacuous)', () => {
    const covered = new Set(samples.map((s) => s.res.decl.name));
    const all = servedResources().map((r) => r.decl.name);
    // resources whose demo data has no object at all are listed, so a gap is visible
    const missing = all.filter((n) => !covered.has(n));
    console.info(
      `isolation: ${covered.size} of ${all.length} resources have demo objects; none: ${missing.join(', ')}`,
    );
    expect(covered.size).toBeGreaterThan(all.length * 0.75);
    console.info(
      `isolation: ${covered.size} of ${all.length} resources have demo objects; none: ${missing.join(', ')}`,
    );
  });

  it("another tenant's object is a 404 on read, every write and every action, and nothing changes", async () => {
    const failures: string[] = [];
    for (const s of samples) {
      const before = await snapshot(w, s);
      for (const who of strangers()) {
        const get = await w.call(who, { method: 'GET', url: `${BASE}${s.url}` });
        if (get.statusCode !== 404) failures.push(`${who.name} GET ${s.url}: ${get.statusCode}`);
        for (const write of writes(s)) {
          // a body that is wrong on purpose: visibility must be checked before the body is read
          const res = await w.call(who, { method: write.method, url: `${BASE}${write.url}`, payload: { name: 12 } });
          if (res.statusCode !== 404)
            failures.push(`${who.name} ${write.method} ${write.url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
          else if (res.headers['content-type'] !== 'application/json') failures.push(`${write.url}: content type`);
        }
      }
      const after = await snapshot(w, s);
      if (after !== before) failures.push(`${s.url} changed after the attempts`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("lists never show another tenant's object", async () => {
    const failures: string[] = [];
    for (const s of samples) {
      if (!s.res.decl.filters.id?.ops.includes('eq')) continue;
      for (const who of strangers()) {
        const res = await w.call(who, {
          method: 'GET',
          url: `${BASE}${s.collection}?eq(id,${encodeURIComponent(s.id)})`,
        });
        // a parent the stranger cannot see is itself a 404
        if (res.statusCode === 404) continue;
        if (res.statusCode !== 200 || (res.json() as any[]).some((o) => String(o.id) === s.id))
          failures.push(`${who.name} lists ${s.collection}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('the other party of a deal is refused (403 or 404) where the declaration leaves it out, and nothing changes', async () => {
    const failures: string[] = [];
    let probed = 0;
    for (const s of samples) {
      const other = s.owner.side === 'vendor' ? w.provider : w.vendor;
      const sees = (await w.call(other, { method: 'GET', url: `${BASE}${s.url}` })).statusCode === 200;
      if (!sees) continue;
      const decl = s.res.decl;
      const refused: { method: 'PUT' | 'DELETE' | 'POST'; url: string }[] = [];
      if (decl.writableBy && !decl.writableBy.includes(other.side)) {
        if (decl.update && s.res.update) refused.push({ method: 'PUT', url: s.url });
        if (decl.remove) refused.push({ method: 'DELETE', url: s.url });
      }
      for (const [name, a] of Object.entries(decl.machine?.actions ?? {})) {
        if ((a.by && !a.by.includes(other.side)) || (decl.writableBy && !decl.writableBy.includes(other.side)))
          refused.push({ method: 'POST', url: `${s.url}/${name}` });
      }
      const before = await snapshot(w, s);
      for (const r of refused) {
        probed++;
        const res = await w.call(other, { method: r.method, url: `${BASE}${r.url}`, payload: {} });
        if (res.statusCode !== 403 && res.statusCode !== 404)
          failures.push(`${other.name} ${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
      if ((await snapshot(w, s)) !== before) failures.push(`${s.url} changed after the other party's attempts`);
    }
    expect(probed).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 300_000);
});
