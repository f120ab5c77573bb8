import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { jsonArray } from '../packages/server/src/http/wire.ts';
import { inWorkers } from './workers.ts';

// The floor: a bare Fastify route running the engine's own SQL for each scenario through a `pg` Pool of the same
// size, returning the same rows and total; no auth, RQL or engine. `tsx bench/serve-floor.ts <port> <databaseUrl>`;
// the statements arrive as JSON in BENCH_FLOOR_SQL: { [scenario]: { rows: {text, values}, count?: {text, values} } }.
// It authenticates as a bare handler would: the session cookie's digest, looked up in the sessions table the first
// time and kept in memory (as the API keeps its callers). BENCH_WORKERS=N: N processes on the port (node:cluster).

if (!(await inWorkers())) await serve();

async function serve() {
  type Q = { text: string; values: unknown[] };
  const [port, url] = process.argv.slice(2);
  const scenarios: Record<string, { rows: Q; count?: Q; idParam?: number }> = JSON.parse(
    process.env.BENCH_FLOOR_SQL ?? '{}',
  );
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  const app = Fastify({ logger: false });

  const sessions = new Map<string, boolean>();
  async function authenticated(cookie: string | undefined): Promise<boolean> {
    const secret = /(?:^|;\s*)trellis_session=([^;]+)/.exec(cookie ?? '')?.[1];
    if (!secret) return false;
    const key = createHash('sha256').update(secret).digest('hex');
    let ok = sessions.get(key);
    if (ok === undefined) {
      const { rows } = await pool.query(
        'select 1 from sessions where secret_hash = $1 and terminated_at is null and expires_at > now()',
        [key],
      );
      sessions.set(key, (ok = rows.length > 0));
    }
    return ok;
  }

  app.get<{ Params: { name: string }; Querystring: { id?: string } }>('/floor/:name', async (req, reply) => {
    if (!(await authenticated(req.headers.cookie))) return reply.code(401).send({ error: 'not signed in' });
    const s = scenarios[req.params.name];
    if (!s) return reply.code(404).send({ error: 'unknown scenario' });
    const values =
      s.idParam !== undefined && req.query.id
        ? s.rows.values.map((v, i) => (i === s.idParam ? req.query.id : v))
        : s.rows.values;
    const rowsQ = pool.query(s.rows.text, values);
    const countQ = s.count ? pool.query(s.count.text, s.count.values) : null;
    const { rows } = await rowsQ;
    if (!countQ) return rows[0]?.data ?? reply.code(404).send({});
    const total = Number((await countQ).rows[0].total);
    reply.header('content-range', `items 0-${rows.length - 1}/${total}`);
    // the engine reads a page as stored JSON text when nothing changes it (listJson): send it the same way
    if (typeof rows[0]?.data === 'string')
      return reply.type('application/json').send(jsonArray(rows.map((r) => r.data as string)));
    return rows.map((r) => r.data);
  });

  await app.listen({ host: '127.0.0.1', port: Number(port) });
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  });
}
