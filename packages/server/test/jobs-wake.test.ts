import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { enqueue, registerJob, startJobRunner } from '../src/jobs/queue.ts';
import { freshDatabaseUrl } from './helpers.ts';

// Queued work starts when the transaction that queued it commits (a NOTIFY the runners listen for), not at the
// runner's next poll: an uploaded usage file is processed at once.

const BASE = process.env.TEST_DATABASE_URL;

/** Resolves with the next payload `test.<kind>` jobs run with, in arrival order. */
function jobsOf(kind: string) {
  const ran: string[] = [];
  const waiting: ((n: string) => void)[] = [];
  registerJob(kind, async (_db, payload) => {
    ran.push(payload.n);
    waiting.shift()?.(payload.n);
  });
  return {
    ran,
    next: () => new Promise<string>((ok) => waiting.push(ok)),
  };
}

const until = async (what: string, ok: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the job runner', () => {
  it('runs work queued now as soon as its transaction commits, and nothing of a rolled-back one', async () => {
    const { url, drop } = await freshDatabaseUrl();
    const db = await openDatabase({ url });
    await migrateToLatest(db);
    const ran: string[] = [];
    let finished!: () => void;
    const done = new Promise<void>((ok) => (finished = ok));
    registerJob('test.wake', async (_db, payload) => {
      ran.push(payload.n);
      finished();
    });
    // a poll an hour away: only the notice can start the job in time
    const runner = startJobRunner(db, 3_600_000);
    try {
      await runner.listening;
      await db
        .transaction()
        .execute(async (trx) => {
          await enqueue(trx, 'test.wake', { n: 'rolled back' });
          throw new Error('changed my mind');
        })
        .catch(() => undefined);
      const started = Date.now();
      await db.transaction().execute((trx) => enqueue(trx, 'test.wake', { n: 'committed' }));
      await done;
      expect(Date.now() - started).toBeLessThan(5000);
      expect(ran).toEqual(['committed']);
    } finally {
      await runner();
      await db.destroy();
      await drop();
    }
  });

  // Listening holds a connection of its own: a pool of one still answers queries while the runner listens (with
  // the listener on a pooled connection, the query below waited for ever and the test timed out).
  it.skipIf(!BASE)(
    'listens beside the pool, which keeps every connection for queries',
    async () => {
      const { url, drop } = await freshDatabaseUrl();
      const size = process.env.DATABASE_POOL_SIZE;
      process.env.DATABASE_POOL_SIZE = '1';
      const db = await openDatabase({ url }).finally(() => {
        if (size === undefined) delete process.env.DATABASE_POOL_SIZE;
        else process.env.DATABASE_POOL_SIZE = size;
      });
      await migrateToLatest(db);
      const jobs = jobsOf('test.beside');
      const runner = startJobRunner(db, 3_600_000);
      try {
        await runner.listening;
        const ran = jobs.next();
        await db.transaction().execute((trx) => enqueue(trx, 'test.beside', { n: 'one' }));
        expect(await ran).toBe('one');
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query = 'listen trellis_jobs'`.execute(db);
        expect(rows[0].n).toBe(1);
      } finally {
        await runner();
        await db.destroy();
        await drop();
      }
    },
    20_000,
  );

  // A PostgreSQL restart, failover or an operator's pg_terminate_backend ends the runner's listening connection: it
  // listens again (as the caller cache does), so work queued afterwards still starts at once, not at the next poll.
  it.skipIf(!BASE)('listens again after its listening backend is terminated', async () => {
    const { url, drop } = await freshDatabaseUrl();
    const db = await openDatabase({ url });
    await migrateToLatest(db);
    const jobs = jobsOf('test.relisten');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const listeners = async () =>
      (
        await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and query = 'listen trellis_jobs'`,
        )
      ).rows.map((r) => r.pid);
    // a poll an hour away: only a notice can start the jobs in time
    const runner = startJobRunner(db, 3_600_000);
    try {
      await runner.listening;
      const [first] = await listeners();
      expect(first).toBeGreaterThan(0);
      await admin.query('select pg_terminate_backend($1)', [first]);
      await until('the runner to listen on a new connection', async () => {
        const now = await listeners();
        return now.length === 1 && now[0] !== first;
      });
      // listening again, it looked for due work once: let that pass, so only a notice can start what follows
      await new Promise((r) => setTimeout(r, 200));
      for (const n of ['after the loss', 'and the next']) {
        const started = Date.now();
        const ran = jobs.next();
        await db.transaction().execute((trx) => enqueue(trx, 'test.relisten', { n }));
        expect(await ran).toBe(n);
        expect(Date.now() - started).toBeLessThan(2000);
      }
      expect(jobs.ran).toEqual(['after the loss', 'and the next']);
    } finally {
      await runner();
      await admin.end();
      await db.destroy();
      await drop();
    }
  });
});
