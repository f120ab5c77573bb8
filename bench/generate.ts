import {
  assetStatusOnApprove,
  assetStatusOnFail,
  assetStatusWhileOpen,
  requestIdFor,
  type Asset,
  type Request,
  type RequestStatus,
} from '@trellis/domain';
import { sql } from 'kysely';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { testConfig } from '../packages/server/src/config.ts';
import type { Database } from '../packages/server/src/db/database.ts';
import { startServer } from '../packages/server/src/server.ts';
import { assets } from '../packages/server/src/modules/fulfillment/asset-store.ts';
import { requestStore } from '../packages/server/src/modules/fulfillment/request-store.ts';
import { rowFor } from '../packages/server/src/resources/engine.ts';
import { buildWorld } from './world.ts';

// Benchmark datasets: the world made through the API (world.ts), then `size` assets with one request each,
// cloned from the world's real purchases and written with the stores' own row() mapping, in batches.

export type DbKind = 'pg' | 'pglite';
export interface Dataset {
  kind: DbKind;
  size: number;
  databaseUrl?: string;
  dataDir?: string;
  vendorId: string;
  products: string[];
}

const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const label = (n: number) => (n >= 1e6 ? `${n / 1e6}m` : n >= 1e3 ? `${n / 1e3}k` : String(n));

export function locate(kind: DbKind, size: number): Pick<Dataset, 'databaseUrl' | 'dataDir'> {
  if (kind === 'pglite') return { dataDir: resolve(import.meta.dirname, '.data', `pglite-${label(size)}`) };
  const url = new URL(PG_BASE);
  url.pathname = `/trellis_bench_${label(size)}`;
  return { databaseUrl: url.toString() };
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_BASE });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Open (or make) the dataset; `fresh` drops and regenerates it. */
export async function ensureDataset(
  kind: DbKind,
  size: number,
  opts: { fresh?: boolean; log?: (s: string) => void } = {},
): Promise<Dataset> {
  const log = opts.log ?? (() => {});
  const where = locate(kind, size);
  const name = where.databaseUrl ? new URL(where.databaseUrl).pathname.slice(1) : '';
  if (kind === 'pg') {
    const exists = await admin(
      async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
    );
    if (exists && !opts.fresh) {
      const meta = await readMeta(where.databaseUrl!);
      if (meta) return { kind, size, ...where, ...meta };
    }
    await admin(async (c) => {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`create database ${name}`);
    });
  } else if (existsSync(where.dataDir!)) {
    if (!opts.fresh) {
      const meta = await readPgliteMeta(where.dataDir!);
      if (meta) return { kind, size, ...where, ...meta };
    }
    const { rm } = await import('node:fs/promises');
    await rm(where.dataDir!, { recursive: true, force: true });
  }
  log(`generating ${kind} ${label(size)} ...`);
  const started = Date.now();
  const { app, db } = await startServer(testConfig({ ...where }));
  try {
    const world = await buildWorld(app, db);
    await bulkLoad(db, size, log);
    // the steady state autovacuum would reach: statistics and a visibility map (index-only scans for counts)
    await sql`vacuum analyze`.execute(db);
    await sql`create table bench_meta (data jsonb not null)`.execute(db);
    await sql`insert into bench_meta values (${JSON.stringify(world)}::jsonb)`.execute(db);
    log(`generated ${kind} ${label(size)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return { kind, size, ...where, ...world };
  } finally {
    await app.close();
  }
}

async function readMeta(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(`select data from bench_meta`);
    return rows[0]?.data as { vendorId: string; products: string[] } | undefined;
  } catch {
    return undefined;
  } finally {
    await c.end();
  }
}

async function readPgliteMeta(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const p = new PGlite({ dataDir, extensions: { pg_trgm } });
  try {
    const { rows } = await p.query<{ data: { vendorId: string; products: string[] } }>(`select data from bench_meta`);
    return rows[0]?.data;
  } catch {
    return undefined;
  } finally {
    await p.close();
  }
}

// Request statuses in twentieths: 20% pending, the rest decided or in other open states.
const STATUSES: RequestStatus[] = [
  'pending',
  'pending',
  'pending',
  'pending',
  'inquiring',
  'draft',
  'failed',
  'failed',
  ...Array<RequestStatus>(12).fill('approved'),
];
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** The i-th synthetic asset and its request, from template purchase `tpl` (a real pending request and its asset). */
export function clone(
  tpl: { request: Request; asset: Asset },
  i: number,
  now: number,
): { asset: Asset; request: Request } {
  const digits = String(9e11 + i);
  const assetId = `AS-${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}`;
  const status = STATUSES[(i * 7) % STATUSES.length];
  // spread over a year, newest last, with jitter so created is not the insertion order
  const created = new Date(now - YEAR_MS + (i / 1.1e6) * YEAR_MS + ((i * 7919) % 86_400_000)).toISOString();
  const assetStatus =
    status === 'approved'
      ? assetStatusOnApprove('purchase', 'processing')
      : status === 'failed'
        ? assetStatusOnFail('purchase', 'draft')
        : assetStatusWhileOpen('purchase', status === 'draft', 'draft');
  const params = tpl.request.asset.params.map((p) =>
    p.id === 'admin_email'
      ? { ...p, value: `admin${i}@customer${i % 997}.example` }
      : p.id === 'activation_code'
        ? { ...p, value: `ACT-${i}` }
        : p,
  );
  const asset: Asset = {
    ...tpl.asset,
    id: assetId,
    status: assetStatus,
    external_id: String(100000 + i),
    external_uid: `bench-${i}`,
    params: status === 'approved' ? params : tpl.asset.params,
    created,
    updated: created,
  };
  const request: Request = {
    ...tpl.request,
    id: requestIdFor(assetId, 1),
    status,
    created,
    updated: created,
    asset: {
      ...tpl.request.asset,
      id: assetId,
      status: assetStatus,
      external_id: asset.external_id,
      external_uid: asset.external_uid,
      params,
    },
  };
  return { asset, request };
}

const BATCH = 2000;

async function bulkLoad(db: Database, size: number, log: (s: string) => void) {
  const { rows: reqs } = await sql<{ data: Request }>`select data from asset_requests order by id`.execute(db);
  const { rows: as } = await sql<{ data: Asset }>`select data from assets`.execute(db);
  const assetOf = new Map(as.map((a) => [a.data.id, a.data]));
  const templates = reqs.map((r) => ({ request: r.data, asset: assetOf.get(r.data.asset.id)! }));
  const now = Date.now();
  for (let start = 0; start < size; start += BATCH) {
    const assetRows = [];
    const requestRows = [];
    for (let i = start; i < Math.min(size, start + BATCH); i++) {
      const { asset, request } = clone(templates[i % templates.length], i, now);
      assetRows.push({ ...rowFor(assets, asset), data: asset });
      requestRows.push({ ...rowFor(requestStore, request), asset_status_before: 'draft', data: request });
    }
    // one parameter per batch: the rows as JSON, expanded by the database into the table's own row type
    await sql`insert into assets select * from json_populate_recordset(null::assets, ${JSON.stringify(assetRows)})`.execute(
      db,
    );
    await sql`insert into asset_requests select * from json_populate_recordset(null::asset_requests, ${JSON.stringify(requestRows)})`.execute(
      db,
    );
    if ((start / BATCH) % 50 === 0) log(`  ${label(size)}: ${start + assetRows.length} rows`);
  }
}
