import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';
import { ensureDataset, label, type Dataset, type DbKind } from './generate.ts';
import { explainUsesIndex, type SqlClient } from './explain.ts';
import { measureSlice, merged, spawnServer, stop, type Slice } from './load.ts';
import { runPortalBench } from './portal/index.ts';
import { writeReport, type Row } from './report.ts';

// `npm run bench -- [--smoke] [--sizes 10k,100k,1m] [--duration 20] [--fresh] [--only list-pending,...,portal]
//   [--no-portal] [--connections 10] [--drop-indexes a,b] [--label name] [--db pg|pglite] [--workers N]`
// Load runs against the real server and the floor, EXPLAIN of each list query, results in bench/results/.

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const parseSize = (s: string) => Number(s.replace(/k$/i, 'e3').replace(/m$/i, 'e6'));

const smoke = flag('smoke');
const kind = opt('db', 'pg') as DbKind;
const sizes = opt('sizes', smoke ? '1k' : '10k,100k,1m')
  .split(',')
  .map(parseSize);
// 20 s: with 10 s, two runs of the same build differed by a quarter in their ratios to the floor
const duration = Number(opt('duration', smoke ? '1' : '20'));
// seconds of unmeasured load on each server before a read scenario's measured slices
const warmUp = Math.max(1, Math.round(duration / 5));
const only = opt('only', '').split(',').filter(Boolean);
const CONNECTIONS = Number(opt('connections', '10'));
// server processes (node:cluster) for the API and the floor alike: `--workers 2` is the two-process run
const WORKERS = opt('workers', '1');
if (kind === 'pglite' && WORKERS !== '1') throw new Error('--workers: the embedded database is opened by one process');
const API_PORT = 18_081;
const FLOOR_PORT = 18_082;
const API = `http://127.0.0.1:${API_PORT}/public/v1`;
const log = (s: string) => console.error(s);

interface Scenario {
  name: string;
  path: (d: Dataset) => string;
  list?: boolean;
  write?: boolean;
}
const SCENARIOS: Scenario[] = [
  { name: 'list-pending', list: true, path: () => '/requests?eq(status,pending)&ordering(-created)&limit=100' },
  {
    name: 'list-product',
    list: true,
    path: (d: Dataset) => `/requests?eq(asset.product.id,${d.products[1]})&ordering(-created)&limit=100`,
  },
  // a broad term (one customer in twenty: 5% of the rows) and a narrow one (external ids 100123x: about ten rows)
  {
    name: 'list-search',
    list: true,
    path: () => `/requests?search=${encodeURIComponent('Customer 0-3 ')}&ordering(-created)&limit=100`,
  },
  { name: 'list-search-narrow', list: true, path: () => '/requests?search=100123&ordering(-created)&limit=100' },
  { name: 'get-one', path: () => '/requests/:id' },
  { name: 'approve', write: true, path: () => '/requests/:id/approve' },
].filter((s) => !only.length || only.includes(s.name));

async function login(): Promise<Record<string, string>> {
  const res = await fetch(`${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'vendor@demo.trellis',
      password: (await import('../packages/server/src/db/seed/demo.ts')).DEMO_PASSWORD,
    }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as any;
  return {
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    'x-session-id': body.session_id,
  };
}

/** A connection to the dataset: pg for PostgreSQL; for PGlite its directory, opened while no server holds it. */
async function withClient<T>(d: Dataset, fn: (c: SqlClient) => Promise<T>): Promise<T> {
  if (d.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const p = new PGlite({ dataDir: d.dataDir, extensions: { pg_trgm } });
    try {
      return await fn({ query: (text, values) => p.query(text, values) });
    } finally {
      await p.close();
    }
  }
  const c = new pg.Client({ connectionString: d.databaseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

// the world's own purchases (external_uid seed-…) lack the fulfillment parameter approval needs: only the clones
const pendingIds = (d: Dataset, n: number) =>
  withClient(d, async (c) =>
    (
      await c.query(
        `select id from asset_requests where vendor_id = $1 and status = 'pending' and data #>> '{asset,external_uid}' like 'bench-%'
   order by created_at desc limit $2`,
        [d.vendorId, n],
      )
    ).rows.map((r) => r.id as string),
  );

/** Approving consumes pending requests: keep copies of the rows it may touch and put them back afterwards. */
async function snapshot(d: Dataset, ids: string[]) {
  await withClient(d, async (c) => {
    await c.query('drop table if exists bench_snap_requests, bench_snap_assets');
    await c.query('create table bench_snap_requests as select * from asset_requests where id = any($1)', [ids]);
    await c.query(
      'create table bench_snap_assets as select * from assets where id in (select asset_id from bench_snap_requests)',
    );
  });
  return () =>
    withClient(d, async (c) => {
      await c.query('begin');
      await c.query('delete from asset_requests where id in (select id from bench_snap_requests)');
      await c.query('delete from assets where id in (select id from bench_snap_assets)');
      await c.query('insert into assets select * from bench_snap_assets');
      await c.query('insert into asset_requests select * from bench_snap_requests');
      await c.query('drop table bench_snap_requests, bench_snap_assets');
      await c.query('commit');
    });
}

/** `--drop-indexes a,b`: measure without them ("before" figures), then build them again. */
async function dropIndexes(d: Dataset, names: string[]) {
  const defs = await withClient(d, async (c) => {
    const out: string[] = [];
    for (const name of names) {
      const { rows } = await c.query('select pg_get_indexdef(to_regclass($1)) as def', [name]);
      if (!rows[0]?.def) throw new Error(`--drop-indexes: no index ${name}`);
      out.push(rows[0].def);
      await c.query(`drop index ${name}`);
    }
    return out;
  });
  return () =>
    withClient(d, async (c) => {
      for (const def of defs) await c.query(def);
    });
}

type Captured = { text: string; values: unknown[] };
/** Run one request of each read scenario against a server that logs its SQL; keep the statements of the page and its total. */
async function captureSql(
  d: Dataset,
  target: string,
  sampleId: string,
): Promise<{
  sql: Record<string, { rows: Captured; count?: Captured; idParam?: number }>;
  headers: Record<string, string>;
}> {
  const file = resolve(import.meta.dirname, '.data', `sql-${process.pid}.log`);
  await mkdir(resolve(import.meta.dirname, '.data'), { recursive: true });
  const out: Record<string, { rows: Captured; count?: Captured; idParam?: number }> = {};
  const server = await spawnServer('serve-api.ts', [String(API_PORT), target], { BENCH_SQL_LOG: file });
  try {
    const headers = await login();
    for (const s of SCENARIOS.filter((x) => !x.write)) {
      await writeFile(file, '');
      const res = await fetch(API + s.path(d).replace(':id', sampleId), { headers });
      if (!res.ok) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
      const qs: Captured[] = (await readFile(file, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((q: Captured) =>
          /from "asset_requests" t\b|from kept_counts\b|from "asset_requests_texts" s\b/.test(q.text),
        );
      // the total: counted, or read from the kept counts (resources/kept-counts.ts)
      const isCount = (q: Captured) => /count\(\*\)|from kept_counts\b/.test(q.text);
      const rows = qs.find((q) => !isCount(q));
      if (!rows) throw new Error(`${s.name}: no asset_requests query captured`);
      const count = qs.find(isCount);
      out[s.name] = { rows, count, idParam: s.list ? undefined : rows.values.indexOf(sampleId) };
    }
    // the session stays open: the floor authenticates the same cookie
    return { sql: out, headers };
  } finally {
    await stop(server);
    await rm(file, { force: true });
  }
}

async function runSize(size: number): Promise<Row[]> {
  const d = await ensureDataset(kind, size, { fresh: flag('fresh'), log });
  const target = d.databaseUrl ?? `dir:${d.dataDir}`;
  // the steady state autovacuum reaches (statistics, visibility map), also after an earlier run's approvals
  await withClient(d, (c) =>
    c.query('vacuum analyze asset_requests, assets, asset_requests_texts, assets_texts, kept_counts'),
  );
  const pend = await pendingIds(d, 20_000);
  // PGlite: the server alone (one process owns the directory), reads only; the floor and EXPLAIN need PostgreSQL
  if (kind === 'pglite')
    return runApi(
      d,
      target,
      pend,
      SCENARIOS.filter((s) => !s.write),
      null,
      {},
    );
  const { sql, headers } = await captureSql(d, target, pend[0]);
  const restoreIndexes = await dropIndexes(d, opt('drop-indexes', '').split(',').filter(Boolean));
  const floor = await spawnServer('serve-floor.ts', [String(FLOOR_PORT), d.databaseUrl!], {
    BENCH_FLOOR_SQL: JSON.stringify(sql),
    BENCH_WORKERS: WORKERS,
  });
  const measureFloor = (s: Scenario, seconds: number) => {
    let i = 0;
    return measureSlice({
      url: `http://127.0.0.1:${FLOOR_PORT}/floor/${s.name}`,
      headers,
      duration: seconds,
      connections: CONNECTIONS,
      nextPath: s.list ? undefined : () => `/floor/${s.name}?id=${pend[i++ % pend.length]}`,
    });
  };
  try {
    return await runApi(d, target, pend, SCENARIOS, measureFloor, sql);
  } finally {
    await stop(floor);
    await restoreIndexes();
  }
}

/**
 * Each scenario against the real server, its run interleaved with the floor's (floor, server, floor, server, floor:
 * each side `duration` seconds, centred on the same moment); list queries EXPLAINed when their SQL was captured.
 */
async function runApi(
  d: Dataset,
  target: string,
  pend: string[],
  scenarios: Scenario[],
  measureFloor: ((s: Scenario, seconds: number) => Promise<Slice>) | null,
  sql: Record<string, { rows: Captured; count?: Captured }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  const size = d.size;
  const api = await spawnServer('serve-api.ts', [String(API_PORT), target], { BENCH_WORKERS: WORKERS });
  try {
    const headers = await login();
    for (const s of scenarios) {
      let i = 0;
      const restore = s.write ? await snapshot(d, pend) : null;
      // the two runs are cut into slices and alternated, so both see the machine alike: on a shared machine a run's
      // speed drifts by a quarter within minutes, and floor-then-server put that drift into the ratio
      const floorRun = sql[s.name] ? measureFloor : null;
      const apiRun = (seconds: number) =>
        measureSlice({
          url: API + s.path(d).replace(':id', pend[0]),
          headers,
          duration: seconds,
          connections: CONNECTIONS,
          method: s.write ? 'POST' : 'GET',
          body: s.write ? JSON.stringify({ activation_tile: 'Activated by the benchmark' }) : undefined,
          nextPath: s.list ? undefined : () => `/public/v1${s.path(d).replace(':id', pend[i++ % pend.length])}`,
          // approving consumes its request: each pending one is approved once (the first by measureSlice's
          // warm-up call), and a run that has approved them all ends early instead of counting refusals
          maxRequests: s.write && pend.length > CONNECTIONS ? pend.length - 1 : undefined,
        });
      try {
        const apiSlices: Slice[] = [];
        const floorSlices: Slice[] = [];
        if (floorRun) {
          // unmeasured first: the first scenario after a start found both servers cold (JIT, pools, caches), and
          // their rates rose by half within it
          await apiRun(warmUp);
          await floorRun(s, warmUp);
          floorSlices.push(await floorRun(s, duration / 4));
          apiSlices.push(await apiRun(duration / 2));
          floorSlices.push(await floorRun(s, duration / 2));
          apiSlices.push(await apiRun(duration / 2));
          floorSlices.push(await floorRun(s, duration / 4));
        } else apiSlices.push(await apiRun(duration));
        const m = merged(apiSlices, CONNECTIONS);
        const floor = floorRun ? merged(floorSlices, CONNECTIONS) : undefined;
        const rates = (xs: Slice[]) => xs.map((x) => (x.totalCompletedRequests / x.duration).toFixed(0)).join(' / ');
        const index =
          s.list && sql[s.name]
            ? await withClient(d, (c) => explainUsesIndex(c, sql[s.name].rows, sql[s.name].count))
            : undefined;
        rows.push({
          scenario: s.name,
          db: kind,
          size,
          ...m,
          floor,
          index,
          pendingAvailable: s.write ? pend.length : undefined,
        });
        log(
          `${label(size)} ${s.name}: ${m.rps.toFixed(0)} req/s p50 ${m.p50} ms p99 ${m.p99} ms` +
            (floor
              ? ` (floor ${floor.rps.toFixed(0)} req/s; slices: floor ${rates(floorSlices)}, server ${rates(apiSlices)})`
              : '') +
            (m.non2xx ? ` non-2xx ${m.non2xx}` : '') +
            (index ? ` index ${index.usesIndex ? 'yes' : 'NO'}` : ''),
        );
      } finally {
        await restore?.();
      }
    }
  } finally {
    await stop(api);
  }
  return rows;
}

const all: Row[] = [];
let table = '';
if (SCENARIOS.length) {
  for (const size of sizes) {
    all.push(...(await runSize(size)));
    // written after each size, so a long 1M run that is stopped keeps what was measured
    table = await writeReport(all, { kind, smoke, duration, connections: CONNECTIONS, label: opt('label', '') });
  }
  console.log(table);
}
// Portal figures (the production build's JS per route; the first dashboard counter, not in smoke mode).
// `--only portal` runs only these; `--no-portal` leaves them out.
if ((!only.length || only.includes('portal')) && !flag('no-portal')) {
  await runPortalBench({ smoke, log });
}
process.exit(0);
