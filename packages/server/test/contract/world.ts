import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { testConfig } from '../../src/config.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { addMember, createAccount, createUser } from '../../src/modules/identity/accounts/service.ts';
import { AREAS } from '../../src/modules/index.ts';
import type { Served } from '../../src/resources/engine.ts';
import { servedResources as registered } from '../../src/resources/routes.ts';
import { startServer, type Running } from '../../src/server.ts';
import { startDnsServer, type DnsServer } from '../../src/lib/loopback-dns.ts';
import { freshDatabaseUrl } from '../helpers.ts';

// The world of the contract tests: the full demo (what `npm start` shows) plus a second provider, and every served
// resource with a sample object per side, found through the API itself. New resources are covered without new
// test code: a resource whose collection lists an object for some side gets checked.

export type Side = 'vendor' | 'provider';
export const BASE = '/public/v1';

export interface Caller {
  name: string;
  side: Side;
  headers: Record<string, string>;
}

export interface Sample {
  res: Served<any>;
  /** The collection URL with its parents filled in. */
  collection: string;
  /** The object's URL. */
  url: string;
  id: string;
  /** Who listed it (the side it belongs to, or one party of its deal). */
  owner: Caller;
  obj: any;
}

export interface World {
  app: FastifyInstance;
  running: Running;
  vendor: Caller;
  provider: Caller;
  /** Tenants with nothing to do with the demo objects. */
  otherVendor: Caller;
  otherProvider: Caller;
  /** The DNS server domain verification asks (on loopback). */
  dns: DnsServer;
  call(c: Caller | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Every resource the engine serves (registered when the app is built: areas' resources and their routes'). */
export const servedResources = (): Served<any>[] => {
  const seen = new Map<string, Served<any>>();
  for (const area of AREAS) for (const r of area.resources ?? []) seen.set(r.decl.name, r);
  for (const r of registered) seen.set(r.decl.name, r);
  return [...seen.values()];
};

export async function openWorld(): Promise<World> {
  const { url, drop } = await freshDatabaseUrl();
  const dns = await startDnsServer();
  const running = await startServer(testConfig({ databaseUrl: url, dnsResolver: dns.address }), { demo: true });
  const app = running.app;
  await app.ready();
  // A second provider with a user of its own: the other tenant for the provider's objects.
  const op = await createAccount(running.db, { name: 'Other Provider', type: 'provider' });
  const user = await createUser(running.db, {
    email: 'other.provider@contract.test',
    name: 'Oscar Other',
    password: DEMO_PASSWORD,
  });
  await addMember(running.db, op.account.id, user.id, { groups: [op.adminGroup.id] });

  const login = async (name: string, email: string, side: Side): Promise<Caller> => {
    const res = await app.inject({
      method: 'POST',
      url: `${BASE}/auth/login`,
      payload: { email, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200 && res.statusCode !== 201)
      throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return { name, side, headers: { cookie, 'x-session-id': res.json().session_id } };
  };
  const world: World = {
    app,
    running,
    vendor: await login('Demo Vendor', 'vendor@demo.trellis', 'vendor'),
    provider: await login('Demo Provider', 'provider@demo.trellis', 'provider'),
    otherVendor: await login('Other Vendor', 'other@demo.trellis', 'vendor'),
    otherProvider: await login('Other Provider', 'other.provider@contract.test', 'provider'),
    dns,
    call: (c, opts) => app.inject({ ...opts, headers: { ...(opts.headers as object), ...(c?.headers ?? {}) } }),
    async close() {
      await app.close();
      await dns.close();
      await drop();
    },
  };
  await completeDemo(world);
  return world;
}

/**
 * Fixtures: objects the demo does not make, made through the API as Demo Vendor, so that every resource of the
 * registry has an object to probe. A new resource without demo data adds its maker here.
 */
const FIXTURES: { name: string; make: (w: World, productId: string) => Promise<LightMyRequestResponse> }[] = [
  {
    name: 'token',
    make: (w) =>
      w.call(w.vendor, {
        method: 'POST',
        url: `${BASE}/auth/tokens`,
        payload: { name: 'Contract key', permissions: [{ id: 'MD-0002' }] },
      }),
  },
  {
    // verified, so that its users (the vendor's members at demo.trellis) are listed too
    name: 'domain',
    make: async (w) => {
      const made = await w.call(w.vendor, {
        method: 'POST',
        url: `${BASE}/domains`,
        payload: { domain: 'demo.trellis' },
      });
      if (made.statusCode !== 201) return made;
      const { id, verification } = made.json();
      w.dns.zone.txt.set(verification.name, [[verification.value]]);
      return w.call(w.vendor, { method: 'POST', url: `${BASE}/domains/${id}/verify` });
    },
  },
  {
    // a deny rule of a documentation range: every address the tests use still gets in
    name: 'acl-rule',
    make: (w) =>
      w.call(w.vendor, {
        method: 'POST',
        url: `${BASE}/acl/integrations/rules`,
        payload: { value: '203.0.113.0/24', action: 'deny', comment: 'Contract range' },
      }),
  },
  {
    name: 'unit',
    make: (w) =>
      w.call(w.vendor, {
        method: 'POST',
        url: `${BASE}/settings/units`,
        payload: { name: 'Contract seats', title: 'Seat', unit: 'seat' },
      }),
  },
  {
    name: 'product-action',
    make: (w, p) =>
      w.call(w.vendor, {
        method: 'POST',
        url: `${BASE}/products/${p}/actions`,
        payload: {
          action: 'sso',
          name: 'Sign in',
          description: 'Open the admin console',
          type: 'button',
          scope: 'asset',
        },
      }),
  },
  {
    name: 'product-message',
    make: (w, p) =>
      w.call(w.vendor, {
        method: 'POST',
        url: `${BASE}/products/${p}/messages`,
        payload: { external_id: 'WELCOME', value: 'Welcome aboard' },
      }),
  },
  {
    name: 'product-guideline',
    make: (w, p) =>
      w.call(w.vendor, {
        method: 'POST',
        url: `${BASE}/products/${p}/guidelines`,
        payload: { name: 'Setting up', body: 'Read this first.' },
      }),
  },
];

async function completeDemo(w: World) {
  const products = await w.call(w.vendor, { method: 'GET', url: `${BASE}/products?limit=1` });
  const productId = (products.json() as { id: string }[])[0]?.id;
  for (const f of FIXTURES) {
    const res = await f.make(w, productId);
    if (res.statusCode >= 300) throw new Error(`fixture ${f.name}: ${res.statusCode} ${res.body}`);
  }
}

const param = /:([A-Za-z_]+)/;

/** The value a parent object gives a path parameter: the field of that name (`version`), else its id. */
const paramValue = (obj: any, name: string) => String(obj[name] ?? obj.id);

/** Every concrete collection URL of a path (parents filled with the side's first objects), at most `limit`. */
export async function collectionsOf(w: World, who: Caller, path: string, limit = 3): Promise<string[]> {
  const m = param.exec(path);
  if (!m) return [path];
  const before = path.slice(0, m.index).replace(/\/$/, '');
  const after = path.slice(m.index + m[0].length);
  const out: string[] = [];
  for (const parent of await collectionsOf(w, who, before, limit)) {
    const res = await w.call(who, { method: 'GET', url: `${BASE}${parent}?limit=${limit}` });
    if (res.statusCode !== 200) continue;
    for (const obj of res.json() as any[]) {
      out.push(
        ...(await collectionsOf(w, who, `${parent}/${encodeURIComponent(paramValue(obj, m[1]))}${after}`, limit)),
      );
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** Each demo side that may read the resource, with the resource's collection URLs as that side reaches them. */
export async function* readableCollections(
  w: World,
  res: Served<any>,
  limit = 3,
): AsyncGenerator<{ who: Caller; collection: string }> {
  for (const who of [w.vendor, w.provider]) {
    if (res.decl.visibleTo && !res.decl.visibleTo.includes(who.side)) continue;
    for (const collection of await collectionsOf(w, who, res.decl.path, limit)) yield { who, collection };
  }
}

/**
 * Objects of every served resource as each demo side lists them: one sample per resource and side, owned by that
 * side's tenant — the first listed object that a tenant of the same kind with nothing to do with it cannot read
 * (reference data every account reads, like the shared units, is no sample).
 */
export async function samplesOf(w: World): Promise<Sample[]> {
  const out: Sample[] = [];
  for (const res of servedResources()) {
    if (res.decl.shared) continue;
    for (const owner of [w.vendor, w.provider]) {
      if (res.decl.visibleTo && !res.decl.visibleTo.includes(owner.side)) continue;
      const stranger = owner.side === 'vendor' ? w.otherVendor : w.otherProvider;
      const found = await firstPrivate(w, res, owner, stranger);
      if (found) out.push(found);
    }
  }
  return out;
}

async function firstPrivate(w: World, res: Served<any>, owner: Caller, stranger: Caller): Promise<Sample | null> {
  for (const collection of await collectionsOf(w, owner, res.decl.path)) {
    const list = await w.call(owner, { method: 'GET', url: `${BASE}${collection}?limit=20` });
    if (list.statusCode !== 200) continue;
    for (const obj of list.json() as any[]) {
      // most objects are addressed by id; versions by their number
      for (const candidate of [obj.id, obj.version, obj.key].filter((v) => v !== undefined && v !== null)) {
        const url = `${collection}/${encodeURIComponent(String(candidate))}`;
        if ((await w.call(owner, { method: 'GET', url: `${BASE}${url}` })).statusCode !== 200) continue;
        if ((await w.call(stranger, { method: 'GET', url: `${BASE}${url}` })).statusCode === 200) break;
        return { res, collection, url, id: String(candidate), owner, obj };
      }
    }
  }
  return null;
}

/** A JSON snapshot of an object as its owner reads it (to prove an attempt changed nothing). */
export async function snapshot(w: World, s: Sample): Promise<string> {
  const res = await w.call(s.owner, { method: 'GET', url: `${BASE}${s.url}` });
  return `${res.statusCode} ${res.body}`;
}
