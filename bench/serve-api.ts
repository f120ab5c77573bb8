// first, as in cli.ts: V8's collector settings before the app's modules load
import '../packages/server/src/gc-flags.ts';
import { appendFileSync } from 'node:fs';
import pg from 'pg';
import { testConfig } from '../packages/server/src/config.ts';
import { startServer } from '../packages/server/src/server.ts';
import { inWorkers } from './workers.ts';

// The real server for a load run, in its own process: `tsx bench/serve-api.ts <port> <databaseUrl|dir:path>`.
// With BENCH_SQL_LOG=<file>, every statement sent through `pg` is appended there (the floor replays them).
// BENCH_JOB_INTERVAL_MS=<ms> runs the job runner (usage files are processed by it); by default it is off.
// BENCH_WORKERS=N: N server processes on the port and the database (node:cluster), as `trellis serve --workers N`.

const [port, target] = process.argv.slice(2);
const log = process.env.BENCH_SQL_LOG;
if (log) {
  const query = pg.Client.prototype.query as (...a: any[]) => any;
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    const q = args[0];
    if (q && typeof q === 'object' && 'text' in q)
      appendFileSync(log, JSON.stringify({ text: q.text, values: q.values ?? [] }) + '\n');
    else if (typeof q === 'string')
      appendFileSync(log, JSON.stringify({ text: q, values: Array.isArray(args[1]) ? args[1] : [] }) + '\n');
    return query.apply(this, args);
  } as any;
}
if (!(await inWorkers())) await serve();

async function serve() {
  const where = target.startsWith('dir:') ? { dataDir: target.slice(4) } : { databaseUrl: target };
  const { app } = await startServer(
    testConfig({
      ...where,
      port: Number(port),
      host: '127.0.0.1',
      logLevel: 'silent',
      jobIntervalMs: Number(process.env.BENCH_JOB_INTERVAL_MS ?? 0),
    }),
  );
  await app.listen({ host: '127.0.0.1', port: Number(port) });
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}
