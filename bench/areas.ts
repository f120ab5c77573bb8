import ExcelJS from 'exceljs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { USAGE_RECORD_COLUMNS } from '@trellis/domain';
import { testConfig } from '../packages/server/src/config.ts';
import type { Database } from '../packages/server/src/db/database.ts';
import { DEMO_PASSWORD } from '../packages/server/src/db/seed/demo.ts';
import { demoUser, type DemoUser } from '../packages/server/src/db/seed/demo-api.ts';
import { RESELLER_PARAMETERS } from '../packages/server/src/db/seed/demo-fulfillment.ts';
import { partnerThroughContract } from '../packages/server/src/db/seed/demo-partners.ts';
import { runDueJobs } from '../packages/server/src/jobs/queue.ts';
import { dispatchEvents } from '../packages/server/src/modules/notifications/dispatch.ts';
import { recordEvent } from '../packages/server/src/resources/events.ts';
import { servedByName } from '../packages/server/src/resources/routes.ts';
import { startServer, type Running } from '../packages/server/src/server.ts';
import { ensureDataset, label } from './generate.ts';
import { measure, spawnServer, stop, type Measured } from './load.ts';
import { call, contact, login as injectLogin } from './world.ts';

// `npm run bench:areas -- [--only webhooks,reports,lists] [--smoke] [--label name] [--fresh] [--duration 5]
//   [--events 2000] [--processes 1,2] [--report-size 167k] [--keep]`
// The areas added since the first benchmark, on PostgreSQL (BENCH_PG_URL, default 127.0.0.1:5432):
// - webhooks: events queued through the outbox's own recordEvent, dispatched and delivered by the job runner of one
//   and then two `trellis serve` processes to a loopback receiver; deliveries/s and the event → delivery delay.
// - reports: the built-in "Fulfillment requests" report over ~100k rows (the vendor's 60% of a 167k dataset), from
//   POST /reporting/reports to `succeeded`, csv and xlsx; rows/s and the server's peak RSS (VmHWM).
// - lists: GET lists (limit 100, default ordering) of the new areas against a copy of the 10k dataset with rows of
//   each added through the API (a distribution contract, usage files with ~10k records, tier configs, cases, webhook
//   deliveries, ...); every list must have rows; req/s, p50, p99 (autocannon).
// Results: bench/results/<date>-areas-<area>[-label].json and a section of bench/results/README.md each.
// `--smoke` (`npm run bench:areas:smoke`: small counts, 1 s runs, nothing written, a minute or two) keeps it from rotting.

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const parseSize = (s: string) => Number(s.replace(/k$/i, 'e3').replace(/m$/i, 'e6'));
const smoke = flag('smoke');
const only = opt('only', 'webhooks,reports,lists').split(',').filter(Boolean);
const duration = Number(opt('duration', smoke ? '1' : '5'));
const CONNECTIONS = 10;
const log = (s: string) => console.error(s);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = (name: string) => {
  const u = new URL(PG_BASE);
  u.pathname = `/${name}`;
  return u.toString();
};
const PORT = 18_084;
const API = `http://127.0.0.1:${PORT}/public/v1`;
const SERVER_DIR = resolve(import.meta.dirname, '../packages/server');

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const dbExists = (name: string) =>
  admin(PG_BASE, async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);

/** A copy of the 10k dataset (CREATE DATABASE … TEMPLATE: needs a moment without connections to the 10k one). */
async function copyOf10k(name: string) {
  const source = await ensureDataset('pg', 10_000, { log });
  const template = new URL(source.databaseUrl!).pathname.slice(1);
  await admin(PG_BASE, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database ${name} template ${template}`);
        return;
      } catch (e) {
        if (attempt >= 30 || !/being accessed by other users/.test((e as Error).message)) throw e;
        await sleep(1000);
      }
    }
  });
  return { ...source, databaseUrl: dbUrl(name) };
}

async function login(base: string, email: string) {
  const res = await fetch(`${base}/public/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as any;
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, 'x-session-id': body.session_id as string };
}

async function api(base: string, headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}/public/v1${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as any, range: res.headers.get('content-range') };
}

const procStatus = async (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(await readFile(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const loadAverage = async () => Number((await readFile('/proc/loadavg', 'utf8')).split(' ')[0]);
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** Raw JSON into bench/results/ and the area's section of bench/results/README.md (replaced on a re-run). */
async function record(area: string, raw: object, section: string) {
  if (smoke) return;
  const dir = resolve(import.meta.dirname, 'results');
  const name = `${new Date().toISOString().slice(0, 10)}-areas-${area}${opt('label', '') ? `-${opt('label', '')}` : ''}`;
  await writeFile(resolve(dir, `${name}.json`), `${JSON.stringify(raw, null, 2)}\n`);
  const readme = resolve(dir, 'README.md');
  const prev = await readFile(readme, 'utf8');
  const [open, close] = [`<!-- areas-${area} -->`, `<!-- /areas-${area} -->`];
  const body = `${section.trim().replace('{json}', `[${name}.json](${name}.json)`)}\n${close}`;
  const at = prev.indexOf(open);
  const next =
    at >= 0
      ? prev.slice(0, at + open.length) + '\n\n' + body + prev.slice(prev.indexOf(close, at) + close.length)
      : `${prev.trimEnd()}\n\n${open}\n\n${body}\n`;
  await writeFile(readme, next);
  log(`written bench/results/${name}.json and its README section`);
}

// ------------------------------------------------------------------------------------------------ webhooks

/** `trellis serve` in a process of its own on the database, as an operator starts it (test/processes.ts). */
async function startCli(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      JOB_INTERVAL_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const end = Date.now() + 60_000;
  for (;;) {
    const found = /running at (http:\S+)/.exec(out);
    if (found) return { child, url: found[1] };
    if (child.exitCode !== null || Date.now() > end) throw new Error(`trellis serve did not start: ${err}`);
    await sleep(50);
  }
}

async function stopCli(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(t);
}

interface Receiver {
  server: Server;
  url: string;
  /** performance.now() of each event's arrival, by event id. */
  arrived: Map<string, number>;
  calls: number;
}

async function startReceiver(): Promise<Receiver> {
  const r: Receiver = { server: undefined as unknown as Server, url: '', arrived: new Map(), calls: 0 };
  r.server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const at = performance.now();
      r.calls++;
      const id = String(req.headers['trellis-event-id'] ?? '');
      if (!r.arrived.has(id)) r.arrived.set(id, at);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  r.server.keepAliveTimeout = 1000;
  await new Promise<void>((ok) => r.server.listen(0, '127.0.0.1', ok));
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/hook`;
  return r;
}

interface Phase {
  events: number;
  delivered: number;
  /** Deliveries per second: events over the time from the commit to the last arrival. */
  rate: number;
  ms: number;
  p50: number;
  p99: number;
  max: number;
}

async function webhooksBench() {
  const total = Number(opt('events', smoke ? '100' : '2000'));
  const paced = smoke ? 10 : 100;
  const started = new Date();
  log(`webhooks: copying the 10k dataset to trellis_bench_webhooks ...`);
  const d = await copyOf10k('trellis_bench_webhooks');
  const receiver = await startReceiver();
  // this process queues the events (its app runs no jobs); the `trellis serve` processes dispatch and deliver
  const running: Running = await startServer(
    testConfig({ databaseUrl: d.databaseUrl, logLevel: 'silent', webhookAllowPrivate: true }),
  );
  const { app, db } = running;
  const servers: ChildProcess[] = [];
  try {
    const vendor = await injectLogin(app, 'vendor@demo.trellis');
    for (const product of d.products)
      await call(app, vendor, 'POST', '/notifications/webhooks', {
        object_class: 'fulfillment_request',
        label: `Bench ${product}`,
        product_id: product,
        external_url: receiver.url,
        jwt_secret: 'whsec-bench-0123456789',
        active: true,
        http_method: 'POST',
      });
    const requests = servedByName('request')!;
    // distinct requests of the vendor's products: an object's deliveries go one at a time, in order
    const { rows } = await admin(d.databaseUrl!, (c) =>
      c.query(`select data from asset_requests where vendor_id = $1 order by id limit $2`, [
        d.vendorId,
        total + paced + 20,
      ]),
    );
    const objects = rows.map((r) => r.data as { id: string });
    let next = 0;
    const commits = new Map<string, number>();
    /** n events in one transaction (a burst) through the outbox's own writer; returns their ids. */
    const queue = async (n: number) => {
      // a round's events are of distinct requests; the next round (its deliveries all made) takes them again
      if (next + n > objects.length) next = 0;
      const batch = objects.slice(next, next + n);
      next += n;
      if (batch.length < n) throw new Error('not enough requests for the events');
      const at = new Date().toISOString();
      const ids = await db.transaction().execute(async (trx) => {
        for (const obj of batch)
          await recordEvent(trx, requests, { objectId: obj.id, action: 'update', owner: d.vendorId, obj, at });
        const { rows: made } = await sql<{ id: string }>`select id from events
          where object_id in (${sql.join(batch.map((o) => o.id))}) and created_at = ${at}`.execute(trx);
        return made;
      });
      const committed = performance.now();
      for (const r of ids) commits.set(r.id, committed);
      return ids.map((r) => r.id as string);
    };
    const waitFor = async (ids: string[], ms: number) => {
      const end = Date.now() + ms;
      while (ids.some((id) => !receiver.arrived.has(id)) && Date.now() < end) await sleep(20);
    };
    const phase = (ids: string[], t0?: number): Phase => {
      const delays = ids
        .filter((id) => receiver.arrived.has(id))
        .map((id) => receiver.arrived.get(id)! - commits.get(id)!)
        .sort((a, b) => a - b);
      const first = t0 ?? Math.min(...ids.map((id) => commits.get(id)!));
      const last = Math.max(...ids.filter((id) => receiver.arrived.has(id)).map((id) => receiver.arrived.get(id)!));
      const ms = last - first;
      return {
        events: ids.length,
        delivered: delays.length,
        rate: Math.round((delays.length / ms) * 1000 * 10) / 10,
        ms: Math.round(ms),
        p50: Math.round(pct(delays, 50)),
        p99: Math.round(pct(delays, 99)),
        max: Math.round(delays.at(-1) ?? NaN),
      };
    };
    type Round = { processes: number; burst: Phase; paced: Phase; load: number };
    const results: Round[] = [];
    // `--processes 1,2,1`: the rounds' server counts in order (the machine's load drifts: bracket one by the other)
    for (const processes of opt('processes', '1,2').split(',').map(Number)) {
      while (servers.length > processes) await stopCli(servers.pop()!);
      while (servers.length < processes) servers.push((await startCli(d.databaseUrl!)).child);
      // warm-up: code paths loaded, pools filled in every process
      const warm = await queue(smoke ? 5 : 20);
      await waitFor(warm, 60_000);
      await sleep(500);
      const load = await loadAverage();
      // a burst: every event committed at once; the delay is mostly the time waiting behind the others
      const burstIds = await queue(total);
      const t0 = commits.get(burstIds[0])!;
      await waitFor(burstIds, smoke ? 30_000 : 240_000);
      const burst = phase(burstIds, t0);
      await sleep(500);
      // paced: 20 events a second, each in its own transaction, well under the burst's rate: the delay of one event
      const pacedIds: string[] = [];
      const pacedStart = performance.now();
      for (let i = 0; i < paced; i++) {
        await sleep(Math.max(0, pacedStart + i * 50 - performance.now()));
        pacedIds.push(...(await queue(1)));
      }
      await waitFor(pacedIds, 60_000);
      const p = phase(pacedIds);
      results.push({ processes, burst, paced: p, load });
      log(
        `webhooks, ${processes} process(es): burst ${burst.delivered}/${burst.events} in ${burst.ms} ms = ${burst.rate}/s, ` +
          `delay p50 ${burst.p50} p99 ${burst.p99} ms; paced (20/s) ${p.delivered}/${p.events}, delay p50 ${p.p50} ` +
          `p99 ${p.p99} ms; load ${load}`,
      );
    }
    const { rows: bad } = await admin(d.databaseUrl!, (c) =>
      c.query(`select status, attempts, count(*)::int as n from webhook_deliveries
        where not (status = 'delivered' and attempts = 1) group by 1, 2`),
    );
    const calls = receiver.calls;
    log(
      `webhooks: ${calls} calls received, ${receiver.arrived.size} events; deliveries not delivered once: ${JSON.stringify(bad)}`,
    );
    const row = (r: Round) =>
      `| ${r.processes} | ${r.burst.delivered} / ${r.burst.events} | ${r.burst.rate} /s (${(r.burst.ms / 1000).toFixed(1)} s) | ` +
      `${r.burst.p50} ms / ${r.burst.p99} ms | ${r.paced.p50} ms / ${r.paced.p99} ms | ${r.load} |`;
    const table = [
      '| server processes | delivered | burst: deliveries/s | burst: delay p50 / p99 | paced 20/s: delay p50 / p99 | load avg |',
      '|---|---:|---:|---:|---:|---:|',
      ...results.map(row),
    ].join('\n');
    console.log(table);
    await record(
      'webhooks',
      {
        date: started.toISOString(),
        smoke,
        machine: 'see README',
        events: total,
        paced,
        results,
        calls,
        not_delivered_once: bad,
      },
      `## Webhook delivery (issue 18), ${started.toISOString().slice(0, 10)} — \`npm run bench:areas -- --only webhooks\`

\`bench/areas.ts\` copies the 10k dataset, adds one webhook per product of the vendor (object class
\`fulfillment_request\`) pointing at a loopback receiver that answers 200 at once, then queues events through the
outbox's own writer (\`recordEvent\`, as a change of a request does), ${total} distinct requests in one transaction (a
burst), then ${paced} more one at a time, 20 a second (paced). \`trellis serve\` processes on the same database
(\`JOB_INTERVAL_MS=1000\`, woken by NOTIFY) dispatch them and deliver them with their job runners. Delay: the event's
commit to its call's arrival at the receiver. Raw figures: {json}. 2 shared cores (PostgreSQL, the servers and the
receiver on them): noisy, and the second process competes with the first for the same two cores.

${table}

How to read it: the burst's deliveries/s is the job runners' throughput (one delivery job at a time per process:
claim, read the request as the webhook's account, sign, call, record); its delay percentiles are mostly queueing behind
the rest of the burst (p99 ≈ the burst's duration). The paced delay is what one change waits when the runners are
idle: the dispatcher's wake-up, the dispatch transaction, and the delivery job. Every delivery was made once (the
receiver saw ${calls} calls for ${receiver.arrived.size} events; deliveries not delivered on the first attempt:
${bad.length ? JSON.stringify(bad) : 'none'}).`,
    );
  } finally {
    for (const s of servers) await stopCli(s);
    await app.close();
    receiver.server.close();
    receiver.server.closeAllConnections();
    if (!flag('keep'))
      await admin(PG_BASE, (c) => c.query('drop database if exists trellis_bench_webhooks with (force)'));
  }
}

// ------------------------------------------------------------------------------------------------ reports

async function reportsBench() {
  const size = parseSize(opt('report-size', smoke ? '10k' : '167k'));
  const started = new Date();
  const d = await ensureDataset('pg', size, { log });
  const results: Record<string, unknown>[] = [];
  for (const renderer of ['csv', 'xlsx'] as const) {
    // a fresh server per renderer: VmHWM is the process's peak since it started
    const server = await spawnServer('serve-api.ts', [String(PORT), d.databaseUrl!], { BENCH_JOB_INTERVAL_MS: '1000' });
    try {
      const base = `http://127.0.0.1:${PORT}`;
      const headers = await login(base, 'vendor@demo.trellis');
      const run = async (after: string, sample?: { peak: number }) => {
        const t0 = performance.now();
        const created = (
          await api(base, headers, 'POST', '/reporting/reports', {
            name: `Bench ${renderer}`,
            template: { id: 'TP-000-002' },
            renderer,
            parameters: { period: { after, before: '2099-01-01' } },
          })
        ).body;
        for (;;) {
          if (sample) sample.peak = Math.max(sample.peak, await procStatus(server.pid!, 'VmRSS'));
          const r = (await api(base, headers, 'GET', `/reporting/reports/${created.id}`)).body;
          if (!['pending', 'running'].includes(r.status)) return { ...r, ms: performance.now() - t0 };
          await sleep(100);
        }
      };
      // warm-up: a day's requests; the worker thread, template and renderer loaded once
      const warm = await run(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
      if (warm.status !== 'succeeded') throw new Error(`warm-up report ${warm.status}: ${warm.failure_output}`);
      await sleep(500);
      const rssBefore = await procStatus(server.pid!, 'VmRSS');
      const hwmBefore = await procStatus(server.pid!, 'VmHWM');
      const load = await loadAverage();
      const sample = { peak: rssBefore };
      const r = await run('2000-01-01', sample);
      if (r.status !== 'succeeded') throw new Error(`${renderer} report ${r.status}: ${r.failure_output}`);
      const hwm = await procStatus(server.pid!, 'VmHWM');
      const rows = r.progress?.value ?? 0;
      const out = {
        renderer,
        rows,
        ms: Math.round(r.ms),
        rows_per_s: Math.round(rows / (r.ms / 1000)),
        run: r.timing?.run,
        file_bytes: r.report_size,
        rss_before_mb: mb(rssBefore),
        rss_peak_sampled_mb: mb(sample.peak),
        vm_hwm_before_mb: mb(hwmBefore),
        vm_hwm_mb: mb(hwm),
        load_average: load,
      };
      results.push(out);
      log(
        `reports ${renderer}: ${rows} rows in ${(r.ms / 1000).toFixed(1)} s = ${out.rows_per_s} rows/s; ` +
          `file ${((r.report_size ?? 0) / 1024 / 1024).toFixed(1)} MiB; RSS ${out.rss_before_mb} → peak ${out.rss_peak_sampled_mb} MB, ` +
          `VmHWM ${out.vm_hwm_mb} MB; load ${load}`,
      );
    } finally {
      await stop(server);
      // the dataset is shared with the other benchmarks (and copied by the lists): leave no reports in it
      await admin(d.databaseUrl!, (c) => c.query(`delete from reports where data->>'name' like 'Bench %'`));
    }
  }
  const table = [
    '| renderer | rows | POST → succeeded | rows/s | file | server RSS before → peak (sampled) | VmHWM | load avg |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r: any) =>
        `| ${r.renderer} | ${r.rows} | ${(r.ms / 1000).toFixed(1)} s | ${r.rows_per_s} | ` +
        `${(r.file_bytes / 1024 / 1024).toFixed(1)} MiB | ${r.rss_before_mb} → ${r.rss_peak_sampled_mb} MB | ${r.vm_hwm_mb} MB | ${r.load_average} |`,
    ),
  ].join('\n');
  console.log(table);
  await record(
    'reports',
    { date: started.toISOString(), smoke, dataset: label(size), machine: 'see README', results },
    `## Report generation (MD-0008), ${started.toISOString().slice(0, 10)} — \`npm run bench:areas -- --only reports\`

The built-in "Fulfillment requests by period and outcome" report (TP-000-002, every request since 2000) as the
vendor, on the ${label(size)} dataset (\`trellis_bench_${label(size)}\`: the vendor reads 60% of the requests, so
about 100k rows), run by the job runner of a real server process (\`bench/serve-api.ts\`, one per renderer, after a
warm-up report of a day's requests). Time: from POST /reporting/reports to the report read back as \`succeeded\`
(polled every 100 ms), which includes the stored file. Raw figures: {json}. 2 shared cores: noisy.

${table}

How to read it: rows/s is the whole pipeline — the report's worker thread asks the server for pages of 500 through
the engine as the requester (the list query, the objects' presentation), renders each row, and the file is stored.
RSS before is the server's after its warm-up report; the sampled peak (every 100 ms) and VmHWM (the kernel's
high-water mark since the process started, worker thread included) show whether memory grows with the report.`,
  );
}

// ------------------------------------------------------------------------------------------------ lists

const AREAS_DB = 'trellis_bench_areas';
const FEW = 20;
/** The areas' rows as prepareAreas makes them now: a copy made by an older version is made again. */
const AREAS_VERSION = 2;
/** Usage months (one file per product and month, one record per subscription): closed, closed, accepted, pending, ready. */
const USAGE_MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10'] as const;
const USAGE_STEPS: Record<(typeof USAGE_MONTHS)[number], string[]> = {
  '2026-06': ['submit', 'accept', 'close'],
  '2026-07': ['submit', 'accept', 'close'],
  '2026-08': ['submit', 'accept'],
  '2026-09': ['submit'],
  '2026-10': [],
};
/** Subscriptions that can have consumed something (fulfillment/public.ts usageSubscriptionsOf). */
const USED = ['active', 'suspended', 'terminating', 'terminated'];

/** A month's range as a usage file's period: its first instant to the next month's first. */
const monthOf = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return { from: new Date(Date.UTC(y, m - 1, 1)).toISOString(), to: new Date(Date.UTC(y, m, 1)).toISOString() };
};

/** Run the jobs due now until none is left (the usage file's processing, the events' dispatch, e-mail). */
async function drainJobs(db: Database) {
  for (let i = 0; i < 100; i++) if ((await runDueJobs(db)) === 0) return;
  throw new Error('lists: jobs keep coming due');
}

/** A usage spreadsheet as a vendor fills the template: the `records` sheet with the template's columns. */
async function usageWorkbook(rows: Record<string, string | number | Date>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('records');
  ws.columns = USAGE_RECORD_COLUMNS.map((c) => ({ header: c, key: c }));
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface AreaProduct {
  id: string;
  name: string;
  seat: string;
  connection: string;
}

/**
 * Demo Provider's resellers and their tier configs, as the demo makes Alpine's (demo-fulfillment.ts): the vendor's
 * products ask for a tier-1 parameter, each of FEW new resellers' customers buys each product, which opens the
 * reseller's setup request; the provider fills it in and the vendor approves it (every fifth reseller's still waits
 * for the vendor: config `processing`, the purchase in `tiers_setup`). Returns the configs made.
 */
async function tierConfigs(vendor: DemoUser, provider: DemoUser, products: AreaProduct[], marketplace: string) {
  for (const p of products)
    for (const body of RESELLER_PARAMETERS) await vendor.call('POST', `/products/${p.id}/parameters`, body);
  let made = 0;
  for (let r = 0; r < FEW; r++) {
    const reseller = await provider.call('POST', '/tier/accounts', {
      name: `Bench Reseller ${r} GmbH`,
      type: 'reseller',
      external_uid: `bench-t1-${r}`,
      contact_info: contact(`partners@reseller${r}.example`),
    });
    const customer = await provider.call('POST', '/tier/accounts', {
      name: `Bench Reseller ${r} Customer AG`,
      type: 'customer',
      parent: { id: reseller.id },
      external_uid: `bench-t1-${r}-c`,
      contact_info: contact(`it@customer-of-reseller${r}.example`),
    });
    for (const p of products) {
      const purchase = await provider.call('POST', '/requests', {
        type: 'purchase',
        asset: {
          product: { id: p.id },
          connection: { id: p.connection },
          external_uid: `bench-t1-${r}-${p.id}`,
          external_id: `T1-${r}-${p.id}`,
          items: [{ id: p.seat, quantity: 10 }],
          params: [{ id: 'admin_email', value: `admin@customer-of-reseller${r}.example` }],
          tiers: { customer: { id: customer.id }, tier1: { id: reseller.id } },
        },
        marketplace: { id: marketplace },
      });
      const [setup] = await vendor.call('GET', `/tier/config-requests?asset_request.id=${purchase.id}`);
      if (!setup) throw new Error(`lists: no tier setup request for ${purchase.id}`);
      made++;
      await provider.call('PUT', `/tier/config-requests/${setup.id}`, {
        params: [{ id: 'reseller_agreement', value: `RA-2026-${String(r).padStart(4, '0')}` }],
      });
      if (r % 5 === 4) continue;
      await vendor.call('PUT', `/tier/config-requests/${setup.id}`, {
        params: [{ id: 'partner_portal_id', value: `PP-BENCH-${r}` }],
      });
      await vendor.call('POST', `/tier/config-requests/${setup.id}/approve`, {});
    }
  }
  return made;
}

/**
 * The vendor's monthly usage of each product's pay-per-use item (`<product>-GB`), reported to Demo Provider under
 * their contract as demo-usage.ts reports the demo's: a spreadsheet of one record per subscription of the product in
 * the marketplace, uploaded and processed by the job runner, then taken through the months' steps. Returns the
 * files and records made.
 */
async function usageFiles(
  url: string,
  db: Database,
  vendor: DemoUser,
  provider: DemoUser,
  products: AreaProduct[],
  marketplace: string,
  contract: string,
) {
  let files = 0;
  let records = 0;
  for (const [pi, p] of products.entries()) {
    const { rows: subs } = await admin(url, (c) =>
      c.query(`select id from assets where product_id = $1 and marketplace_id = $2 and status = any($3) order by id`, [
        p.id,
        marketplace,
        USED,
      ]),
    );
    for (const [mi, ym] of USAGE_MONTHS.entries()) {
      const period = monthOf(ym);
      const f = await vendor.call('POST', '/usage/files', {
        name: `${p.name} storage ${ym}`,
        product: { id: p.id },
        contract: { id: contract },
        period,
        description: 'Storage above the included quota, per GB and month.',
      });
      files++;
      const end = new Date(Date.parse(period.to) - 1000);
      const rows = subs.map((s, i) => ({
        record_id: `${s.id}-${ym}`,
        item_search_criteria: 'item.mpn',
        item_search_value: `${p.id}-GB`,
        quantity: Math.round(((i * 37 + mi * 11 + pi * 5) % 500) + 1) / 10,
        start_time_utc: new Date(period.from),
        end_time_utc: end,
        asset_search_criteria: 'asset.id',
        asset_search_value: s.id,
      }));
      await vendor.upload(`/usage/files/${f.id}/upload`, {
        field: 'usage_file',
        name: `${ym}.xlsx`,
        body: await usageWorkbook(rows),
      });
      await drainJobs(db);
      const processed = await vendor.call('GET', `/usage/files/${f.id}`);
      if (processed.status !== 'ready')
        throw new Error(`lists: usage file ${f.id} is ${processed.status}: ${JSON.stringify(processed.stats)}`);
      records += rows.length;
      // statistics of the records so far, as autovacuum would keep them (off on the benchmark's PostgreSQL): planned
      // on the copy's empty table, the file's submit, accept and close take 1-2 s each by the third file
      await admin(url, (c) => c.query('analyze usage_records'));
      for (const step of USAGE_STEPS[ym])
        await (step === 'submit' ? vendor : provider).call('POST', `/usage/files/${f.id}/${step}`, {});
    }
    // next month's file, not uploaded yet
    await vendor.call('POST', '/usage/files', {
      name: `${p.name} storage 2026-11`,
      product: { id: p.id },
      contract: { id: contract },
      period: monthOf('2026-11'),
    });
    files++;
  }
  return { files, records };
}

type Made = Record<string, number>;

/** A copy of the 10k dataset with rows of each new area, made through the API as world.ts makes the world. */
async function prepareAreas(): Promise<{ url: string; made: Made }> {
  const url = dbUrl(AREAS_DB);
  const readMade = () =>
    admin(url, (c) =>
      c.query('select data from bench_areas_meta').then(
        (r) => (r.rows[0]?.data?.version === AREAS_VERSION ? (r.rows[0].data.made as Made) : undefined),
        () => undefined,
      ),
    );
  if (!flag('fresh') && (await dbExists(AREAS_DB))) {
    const done = await readMade();
    if (done) return { url, made: done };
  }
  log(`lists: copying the 10k dataset to ${AREAS_DB} and adding the areas' rows ...`);
  const d = await copyOf10k(AREAS_DB);
  const { app, db } = await startServer(
    testConfig({ databaseUrl: url, logLevel: 'silent', webhookAllowPrivate: true }),
  );
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'bench areas');
  const provider = await demoUser(app, 'provider@demo.trellis', 'bench areas');
  try {
    const making = {
      cases: FEW,
      contracts: 0,
      tierConfigs: 0,
      usageFiles: 0,
      usageRecords: 0,
      deliveries: 0,
      rules: FEW,
      schedules: FEW,
      reports: FEW,
    };
    for (let i = 0; i < FEW; i++)
      await provider.call('POST', '/helpdesk/cases', {
        subject: `Benchmark case ${i}`,
        description: 'The **activation code** never arrived.',
        type: i % 2 ? 'technical' : 'business',
        receiver: { account: { id: vendor.accountId } },
      });
    // the world's vendor and provider are partners (POST /partners); a usage file needs a distribution contract for
    // the provider's marketplace, which the demo makes as partnerThroughContract does
    const market = (await provider.call('GET', '/marketplaces?limit=100')).find((m: any) => m.name === 'Market 0');
    await partnerThroughContract(vendor, provider, market.id);
    const [contract] = await vendor.call('GET', '/contracts?eq(type,distribution)&eq(status,active)&limit=1');
    if (!contract) throw new Error('lists: the distribution contract is not active');
    making.contracts = 1;
    const hub = market.hubs[0].hub.id as string;
    const products: AreaProduct[] = [];
    for (const id of d.products) {
      const product = await vendor.call('GET', `/products/${id}`);
      const [seat] = await vendor.call('GET', `/products/${id}/items?eq(mpn,${id}-SEAT)`);
      const connections: any[] = await vendor.call('GET', `/products/${id}/connections`);
      const connection = connections.find((c) => c.hub.id === hub && c.type === 'production');
      products.push({ id, name: product.name, seat: seat.id, connection: connection.id });
    }
    const took = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;
    let since = performance.now();
    making.tierConfigs = await tierConfigs(vendor, provider, products, market.id);
    log(`lists: ${making.tierConfigs} tier configs in ${took(since)}`);
    since = performance.now();
    const usage = await usageFiles(url, db, vendor, provider, products, market.id, contract.id);
    log(`lists: ${usage.files} usage files, ${usage.records} records in ${took(since)}`);
    making.usageFiles = usage.files;
    making.usageRecords = usage.records;
    // the changes so far as events, dispatched before there is any webhook, and the jobs they queued run: below,
    // the one webhook's deliveries are the ones queued for it, and nothing runs them
    await dispatchEvents(db);
    await drainJobs(db);
    // webhooks to a closed port, and pending deliveries: events dispatched here, their delivery jobs never run
    for (const p of d.products)
      await vendor.call('POST', '/notifications/webhooks', {
        object_class: 'fulfillment_request',
        label: `Bench ${p}`,
        product_id: p,
        external_url: 'http://127.0.0.1:9/hook',
        jwt_secret: 'whsec-bench-0123456789',
        active: true,
        http_method: 'POST',
      });
    const { rows } = await admin(url, (c) =>
      c.query(`select data from asset_requests where vendor_id = $1 and product_id = $2 order by id limit 300`, [
        d.vendorId,
        d.products[0],
      ]),
    );
    const requests = servedByName('request')!;
    const at = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      for (const r of rows)
        await recordEvent(trx, requests, { objectId: r.data.id, action: 'update', owner: d.vendorId, obj: r.data, at });
    });
    making.deliveries = await dispatchEvents(db);
    const subs = [];
    for (const event of ['NE-0001', 'NE-0002', 'NE-0003', 'NE-0007', 'NE-0008'])
      subs.push(await vendor.call('POST', '/notifications/subscriptions', { event: { id: event } }));
    for (let i = 0; i < FEW; i++)
      await vendor.call('POST', `/notifications/subscriptions/${subs[0].id}/rules`, {
        name: `Rule ${i}`,
        template: { subject: 'New order {{ request.id }}', body: 'A new order.' },
        recipients: { users: [], groups: [], emails: [`ops${i}@vendor.example`], contacts: [] },
      });
    for (let i = 0; i < FEW; i++) {
      await vendor.call('POST', '/reporting/schedules', {
        name: `Daily subscriptions ${i}`,
        template: { id: 'TP-000-001' },
        renderer: 'csv',
        trigger: { frequency: 'daily', time: '06:30' },
        parameters: {},
      });
      // reports stay pending: this app and the list server run no jobs
      await vendor.call('POST', '/reporting/reports', {
        name: `Report ${i}`,
        template: { id: 'TP-000-001' },
        renderer: 'csv',
        parameters: {},
      });
    }
    log(`lists: made ${JSON.stringify(making)}`);
    await admin(url, async (c) => {
      await c.query('vacuum analyze');
      await c.query('drop table if exists bench_areas_meta');
      await c.query('create table bench_areas_meta (data jsonb not null)');
      await c.query('insert into bench_areas_meta values ($1)', [
        JSON.stringify({ version: AREAS_VERSION, at: new Date().toISOString(), made: making }),
      ]);
    });
  } finally {
    await Promise.all([vendor.logout(), provider.logout()]);
    await app.close();
  }
  return { url, made: (await readMade())! };
}

interface ListRow extends Measured {
  name: string;
  path: string;
  total: string;
  /** The machine's 1-minute load average as the list's run began (2 shared cores). */
  load: number;
}

async function listsBench() {
  const started = new Date();
  const { url, made } = await prepareAreas();
  const server = await spawnServer('serve-api.ts', [String(PORT), url]);
  const rows: ListRow[] = [];
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const headers = await login(base, 'vendor@demo.trellis');
    // the webhook with the pending deliveries
    let hook = '';
    let most = -1;
    for (const w of (await api(base, headers, 'GET', '/notifications/webhooks?limit=100')).body) {
      const n = Number(
        (await api(base, headers, 'GET', `/notifications/webhooks/${w.id}/deliveries?limit=1`)).range?.split('/')[1] ??
          0,
      );
      if (n > most) [hook, most] = [w.id, n];
    }
    const sub = (await api(base, headers, 'GET', '/notifications/subscriptions?eq(event.id,NE-0001)&limit=1')).body[0]
      .id;
    const lists: [string, string][] = [
      ['helpdesk cases', '/helpdesk/cases'],
      ['usage files', '/usage/files'],
      ['usage records', '/usage/records'],
      ['webhooks', '/notifications/webhooks'],
      ['webhook deliveries', `/notifications/webhooks/${hook}/deliveries`],
      ['notification subscriptions', '/notifications/subscriptions'],
      ['notification rules', `/notifications/subscriptions/${sub}/rules`],
      ['report schedules', '/reporting/schedules'],
      ['reports', '/reporting/reports'],
      ['report templates', '/reporting/templates'],
      ['tier configs', '/tier/configs'],
      ['listings', '/listings'],
      ['subscriptions (assets)', '/subscriptions/assets'],
    ];
    // a list over no rows measures nothing but the call's fixed cost: every list must have some
    const totals = new Map<string, string>();
    for (const [name, path] of lists) {
      const first = await api(base, headers, 'GET', `${path}?limit=100`);
      totals.set(name, first.range?.split('/')[1] ?? String(first.body.length));
    }
    log(`lists: rows in total: ${[...totals].map(([n, t]) => `${n} ${t}`).join(', ')}`);
    const empty = [...totals].filter(([, t]) => Number(t) === 0).map(([n]) => n);
    if (empty.length) throw new Error(`lists: no rows in ${empty.join(', ')} (${AREAS_DB}; --fresh makes it again)`);
    for (const [name, path] of lists) {
      const full = `${path}?limit=100`;
      const total = totals.get(name)!;
      const load = await loadAverage();
      const m = await measure({ url: `${API}${full}`, headers, duration, connections: CONNECTIONS });
      rows.push({ name, path: full, total, ...m, load });
      log(
        `lists ${name}: ${m.rps.toFixed(0)} req/s p50 ${m.p50} ms p99 ${m.p99} ms (${total} rows)` +
          (m.non2xx || m.errors ? ` non-2xx ${m.non2xx} errors ${m.errors}` : ''),
      );
    }
  } finally {
    await stop(server);
  }
  const table = [
    '| list (vendor, limit 100) | rows in total | req/s | p50 | p99 | non-2xx / errors | load avg |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} \`${r.path}\` | ${r.total} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx} / ${r.errors} | ${r.load} |`,
    ),
  ].join('\n');
  console.log(table);
  await record(
    'lists',
    { date: started.toISOString(), smoke, duration, connections: CONNECTIONS, machine: 'see README', made, rows },
    `## Lists of the new areas, ${started.toISOString().slice(0, 10)} — \`npm run bench:areas -- --only lists\`

GET of each list with \`limit=100\` and its default ordering, as the vendor (a session), ${CONNECTIONS} connections,
${duration} s each (autocannon, \`bench/load.ts\` \`measure\`), against a real server process (\`bench/serve-api.ts\`,
no job runner) on \`${AREAS_DB}\`: a copy of the 10k dataset with rows of each area added through the API, as the demo
seed makes them. Demo Vendor's distribution contract with Demo Provider for the provider's marketplace (the seed's
\`partnerThroughContract\`: agreement, enrolment, signature); ${made.usageFiles} usage files under it, one per product of
the vendor and month (June to October 2026 uploaded as spreadsheets of one record per subscription of the product in
that marketplace, processed by the job runner and left closed, closed, accepted, pending and ready; November a
draft), ${made.usageRecords} usage records in all; ${made.tierConfigs} tier configs (the products ask for a tier-1
parameter, ${FEW} new resellers of the provider each sell each product to a customer, and the vendor approves four
setup requests in five: the rest are \`processing\`); ${made.cases} helpdesk cases raised by the provider, a webhook per
product with ${made.deliveries} pending deliveries on one, notification subscriptions with ${made.rules} rules on one,
${made.schedules} report schedules and ${made.reports} pending reports. Raw figures: {json}. 2 shared cores: noisy
(the load average as each list began is in the last column).

${table}

How to read it: "rows in total" is the list's Content-Range total for the vendor. \`usage records\`, \`subscriptions
(assets)\` and \`webhook deliveries\` send a full page of 100 out of hundreds or thousands; the others a page of their
few rows, which mostly measures the fixed cost of a call (session, scope, count, page). Compare with the first
benchmark's \`list-pending\` (a page of 100 requests, 120 req/s at 10k) and \`get-one\` (about 1,000 req/s). The
subscriptions include the ${made.tierConfigs} that the tier configs' purchases made.`,
  );
}

const t0 = Date.now();
if (only.includes('webhooks')) await webhooksBench();
if (only.includes('reports')) await reportsBench();
if (only.includes('lists')) await listsBench();
log(`areas: done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exit(0);
