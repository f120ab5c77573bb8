import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOnReplica, readReplicaOf, type ReadReplica } from '../src/http/read-replica.ts';
import { startServer, type Running } from '../src/server.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';
import { hasPgBinaries, startReplicatedCluster, type ReplicatedCluster } from './replica-cluster.ts';

// DATABASE_REPLICA_URL: the engine's GET lists and objects are read from a streaming replica, except by a caller who
// wrote lately, and only while the replica keeps up. A real primary and replica (PostgreSQL 15 binaries, a cluster of
// the test's own); with replay paused on the replica, what each call shows tells where it was read.
const MAX_LAG_MS = 1500;

const headersOf = (auth: Session | string) =>
  typeof auth === 'string' ? { authorization: auth.startsWith('ApiKey ') ? auth : `ApiKey ${auth}` } : auth.headers;

const until = async (what: string, ok: () => Promise<boolean> | boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe.skipIf(!hasPgBinaries || !process.env.TEST_DATABASE_URL)('reads from a read replica', () => {
  let cluster: ReplicatedCluster;
  let t: TestApp;
  // a second server on the same databases, as another process would be: it learns of writes made through the first
  let other: Running;
  let replica: ReadReplica;
  let otherReplica: ReadReplica;
  let standby: pg.Client;
  let reader: Session;
  let writer = '';

  const product = (auth: Session | string, id: string, app = t.app) =>
    app.inject({ method: 'GET', url: `/public/v1/products/${id}`, headers: headersOf(auth) });
  const listed = async (auth: Session | string, id: string) => {
    const res = await t.call(auth, { method: 'GET', url: `/public/v1/products?id=${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: string }[]).map((p) => p.id);
  };
  const onStandby = async (id: string) =>
    (await standby.query('select count(*)::int as n from products where id = $1', [id])).rows[0].n as number;

  beforeAll(async () => {
    cluster = await startReplicatedCluster();
    t = await testApp({
      databaseUrl: cluster.primaryUrl,
      databaseReplicaUrl: cluster.replicaUrl,
      databaseReplicaMaxLagMs: MAX_LAG_MS,
    });
    replica = readReplicaOf(t.db)!;
    other = await startServer(t.config);
    otherReplica = readReplicaOf(other.db)!;
    standby = new pg.Client({ connectionString: cluster.replicaUrl });
    await standby.connect();
    reader = await t.login('vendor@demo.trellis');
    // the writer: an API token of the same account (its creation makes the reader a writer for a while)
    const made = await t.call(reader, {
      method: 'POST',
      url: '/public/v1/auth/tokens',
      payload: { name: 'writer', permissions: [{ id: 'MD-0000' }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    writer = made.json().token;
  }, 60_000);
  afterAll(async () => {
    await standby?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await standby?.end();
    await other?.app.close();
    await t?.close();
    await cluster?.stop();
  });

  it("serves lists and objects from the replica, and a writer's own reads from the primary", async () => {
    // once the replica has caught up with the seed and the reader's own write is old enough, the replica serves
    for (const [app, used] of [
      [t.app, replica],
      [other.app, otherReplica],
    ] as const)
      await until('a read served by the replica', async () => {
        const before = used.stats.reads;
        const res = await app.inject({ method: 'GET', url: '/public/v1/products?limit=1', headers: headersOf(reader) });
        expect(res.statusCode, res.body).toBe(200);
        return used.stats.reads > before;
      });

    await standby.query('select pg_wal_replay_pause()');
    const made = await t.call(writer, {
      method: 'POST',
      url: '/public/v1/products',
      payload: { name: 'Written while the replica waits' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const written = Date.now();
    // the replica has not replayed it: the primary has it
    expect(await onStandby(id)).toBe(0);

    // the writer sees its own write: read from the primary
    const reads = replica.stats.reads;
    expect((await product(writer, id)).statusCode).toBe(200);
    expect(await listed(writer, id)).toEqual([id]);
    expect(replica.stats.reads).toBe(reads);
    // another caller is served by the replica, which does not have it yet
    expect((await product(reader, id)).statusCode).toBe(404);
    expect(await listed(reader, id)).toEqual([]);
    expect(replica.stats.reads).toBe(reads + 2);
    // the same through the other server: it was told of the write before the writer had its answer
    const otherReads = otherReplica.stats.reads;
    expect((await product(writer, id, other.app)).statusCode).toBe(200);
    expect(otherReplica.stats.reads).toBe(otherReads);
    expect((await product(reader, id, other.app)).statusCode).toBe(404);
    expect(otherReplica.stats.reads).toBe(otherReads + 1);
    // all of that within the lag allowed, else the replica would not have been read
    expect(Date.now() - written).toBeLessThan(MAX_LAG_MS);

    // past the lag allowed, the replica is not read any more: everyone reads the primary
    await until('the replica to be found lagging', () => !replica.usable, MAX_LAG_MS + 3000);
    expect(Date.now() - written).toBeGreaterThanOrEqual(MAX_LAG_MS);
    expect((await product(reader, id)).statusCode).toBe(200);
    expect(await listed(reader, id)).toEqual([id]);

    // replay resumed: the replica is read again, and has it
    await standby.query('select pg_wal_replay_resume()');
    await until('the replica to catch up', () => replica.usable);
    expect(await onStandby(id)).toBe(1);
    const again = replica.stats.reads;
    expect(await listed(reader, id)).toEqual([id]);
    expect(replica.stats.reads).toBe(again + 1);
  });

  it('does again on the primary a read that the replica refuses (a GET that locks or writes after all)', async () => {
    await until('the replica to be read', () => replica.usable);
    const req = { ctx: { user: { id: 'UR-000-000-000', name: 'Nobody' } } } as FastifyRequest;
    const before = { ...replica.stats };
    const where = await readOnReplica(t.db, req, async (db) => {
      await sql`select id from products limit 1 for update`.execute(db);
      return db === t.db ? 'primary' : 'replica';
    });
    expect(where).toBe('primary');
    expect(replica.stats).toEqual({ reads: before.reads + 1, fallbacks: before.fallbacks + 1 });
    // a plain read is the replica's
    expect(await readOnReplica(t.db, req, async (db) => (db === t.db ? 'primary' : 'replica'))).toBe('replica');
  });
});
