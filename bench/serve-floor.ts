import Fastify from 'fastify';
import pg from 'pg';

// The floor: a bare Fastify route running the engine's own SQL for each scenario through a `pg` Pool of the same
// size, returning the same rows and total; no auth, RQL or engine. `tsx bench/serve-floor.ts <port> <databaseUrl>`;
// the statements arrive as JSON in BENCH_FLOOR_SQL: { [scenario]: { rows: {text, values}, count?: {text, values} } }.

type Q = { text: string; values: unknown[] };
const [port, url] = process.argv.slice(2);
const scenarios: Record<string, { rows: Q; count?: Q; idParam?: number }> = JSON.parse(
  process.env.BENCH_FLOOR_SQL ?? '{}',
);
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const app = Fastify({ logger: false });

app.get<{ Params: { name: string }; Querystring: { id?: string } }>('/floor/:name', async (req, reply) => {
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
    return reply.type('application/json').send(`[${rows.map((r) => r.data).join(',')}]`);
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
