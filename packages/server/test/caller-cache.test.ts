import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onWrite } from '../src/db/database.ts';
import type { Write } from '../src/db/write-watch.ts';
import { callerCacheOf } from '../src/http/caller-cache.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

// Issue 19: a call whose caller nothing changed is authenticated without a database round trip, and a change made
// by any writer (here: SQL straight into the database, as another process or a CLI command would) is seen by the
// very next call. The two-process proof is scale-out.test.ts.
let t: TestApp;
let vendor: Session;
let key = '';
let tokenId = '';

const context = (auth: Session | string) => t.call(auth, { method: 'GET', url: '/public/v1/auth/context' });
const cache = () => callerCacheOf(t.db);

beforeAll(async () => {
  t = await testApp();
  vendor = await t.login('vendor@demo.trellis');
  const made = await t.call(vendor, {
    method: 'POST',
    url: '/public/v1/auth/tokens',
    payload: { name: 'cached', permissions: [{ id: 'MD-0000' }] },
  });
  expect(made.statusCode, made.body).toBe(201);
  ({ id: tokenId, token: key } = made.json());
  // the cache listens in the background from the start: wait for it
  for (let i = 0; i < 100 && !cache().listening; i++) await new Promise((r) => setTimeout(r, 50));
  expect(cache().listening).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

describe('callers kept between calls', () => {
  it('answer repeated calls of a session and of a token from memory', async () => {
    for (const auth of [vendor, key]) {
      expect((await context(auth)).statusCode).toBe(200);
      const before = { ...cache().stats };
      for (let i = 0; i < 5; i++) expect((await context(auth)).statusCode).toBe(200);
      // a session call: its session and the membership; a token call: the token
      expect(cache().stats.hits - before.hits).toBeGreaterThanOrEqual(5);
      expect(cache().stats.loads).toBe(before.loads);
    }
  });

  it('see a group permission taken away on the next call', async () => {
    const group = await t.db
      .selectFrom('group_users as gu')
      .innerJoin('groups as g', 'g.id', 'gu.group_id')
      .select(['g.id', 'g.data'])
      .where('gu.user_id', '=', t.demo.users['vendor@demo.trellis'].id)
      .where('gu.account_id', '=', t.demo.vendor.id)
      .executeTakeFirstOrThrow();
    expect((await context(vendor)).json().permissions).toContain('MD-0000');
    const narrowed = { ...group.data, permissions: [{ id: 'MD-0014' }] };
    await t.db.updateTable('groups').set({ data: narrowed }).where('id', '=', group.id).execute();
    expect((await context(vendor)).json().permissions).toEqual(['MD-0014']);
    await t.db.updateTable('groups').set({ data: group.data }).where('id', '=', group.id).execute();
    expect((await context(vendor)).json().permissions).toContain('MD-0000');
  });

  it('refuse a token deactivated in the database on the next call', async () => {
    expect((await context(key)).statusCode).toBe(200);
    await t.db.updateTable('tokens').set({ status: 'deleted' }).where('id', '=', tokenId).execute();
    const refused = await context(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors).toEqual(['API key is deleted.']);
  });

  it('keep a session whose last-seen time alone changed, and drop it when it is ended', async () => {
    const s = await t.login('provider@demo.trellis');
    expect((await context(s)).statusCode).toBe(200);
    // the sign-in's own notifications (its session, the user's last login) have all come back before counting
    await cache().sync();
    expect((await context(s)).statusCode).toBe(200);
    const before = { ...cache().stats };
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()` })
      .where('id', '=', s.sessionId)
      .execute();
    expect((await context(s)).statusCode).toBe(200);
    expect(cache().stats.dropped).toBe(before.dropped);
    expect(cache().stats.loads).toBe(before.loads);
    await t.db
      .updateTable('sessions')
      .set({ terminated_at: sql`now()` })
      .where('id', '=', s.sessionId)
      .execute();
    expect((await context(s)).statusCode).toBe(401);
  });

  it('refuse a member suspended in the database on the next call', async () => {
    const s = await t.login('multi@demo.trellis');
    expect((await context(s)).statusCode).toBe(200);
    const user = t.demo.users['multi@demo.trellis'].id;
    const account = s.body.account.id as string;
    await t.db
      .updateTable('account_users')
      .set({ status: 'disabled' })
      .where('user_id', '=', user)
      .where('account_id', '=', account)
      .execute();
    expect((await context(s)).statusCode).not.toBe(200);
  });

  it("count this process's own writes to callers' sources, the engine's included, and not a session's last-seen time", async () => {
    const seen: Write[] = [];
    const dump = () => JSON.stringify(seen);
    const stop = onWrite(t.db, (w) => seen.push(w));
    try {
      const made = await t.call(vendor, {
        method: 'POST',
        url: '/public/v1/auth/tokens',
        payload: { name: 'watched', permissions: [{ id: 'MD-0000' }] },
      });
      const before = cache().localWrites;
      const off = await t.call(vendor, { method: 'POST', url: `/public/v1/auth/tokens/${made.json().id}/deactivate` });
      expect(off.statusCode, off.body).toBe(200);
      expect(seen, dump()).toContainEqual({ table: 'tokens', op: 'insert', columns: null });
      expect(seen).toContainEqual(expect.objectContaining({ table: 'tokens', op: 'update' }));
      expect(cache().localWrites).toBeGreaterThan(before);
      const quiet = cache().localWrites;
      await t.db
        .updateTable('sessions')
        .set({ last_seen_at: sql`now()` })
        .where('id', '=', vendor.sessionId)
        .execute();
      expect(cache().localWrites).toBe(quiet);
    } finally {
      stop();
    }
  });

  // the listener is the job runner's too (db/database.ts keepListening; jobs-wake.test.ts)
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'stop using kept callers when the listening backend is terminated, and listen again',
    async () => {
      const listener = sql<{ pid: number }>`select pid from pg_stat_activity
        where datname = current_database() and query = 'listen trellis_callers'`;
      const [{ pid }] = (await listener.execute(t.db)).rows;
      await sql`select pg_terminate_backend(${pid})`.execute(t.db);
      for (let i = 0; i < 100 && cache().listening; i++) await new Promise((r) => setTimeout(r, 10));
      expect(cache().listening).toBe(false);
      // not listening: every call reads the database
      const before = { ...cache().stats };
      for (let i = 0; i < 3; i++) expect((await context(vendor)).statusCode).toBe(200);
      expect(cache().stats.hits).toBe(before.hits);
      for (let i = 0; i < 100 && !cache().listening; i++) await new Promise((r) => setTimeout(r, 50));
      expect(cache().listening).toBe(true);
      const again = (await listener.execute(t.db)).rows;
      expect(again.map((r) => r.pid)).not.toContain(pid);
      expect(again).toHaveLength(1);
      // listening again: kept between calls
      expect((await context(vendor)).statusCode).toBe(200);
      const now = { ...cache().stats };
      expect((await context(vendor)).statusCode).toBe(200);
      expect(cache().stats.hits).toBeGreaterThan(now.hits);
      expect(cache().stats.loads).toBe(now.loads);
    },
  );
});
