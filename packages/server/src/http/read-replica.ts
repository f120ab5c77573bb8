import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { isConnectionError } from '../db/availability.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { callerCacheOf } from './caller-cache.ts';
import type { Ctx } from './context.ts';

/** How often each process compares the replica's replay position with the primary's. */
export const REPLICA_CHECK_MS = 250;

/**
 * SQLSTATEs after which a read on the replica is done again on the primary: a write or a row lock in a read-only
 * transaction (a GET that writes after all), and a query cancelled by the replica's replay (conflict with recovery).
 */
const RETRY_ON_PRIMARY = new Set(['25006', '40001']);

/**
 * A streaming (physical) replica of the primary database, which the engine's GET list and GET one routes read from
 * (README "Several server processes"; docs/decisions.md). It is used only while it has replayed everything the
 * primary had written `maxLagMs` ago (checked every REPLICA_CHECK_MS by comparing WAL positions, so an idle primary is
 * no lag and the clocks of the two machines do not matter), and never by a caller who wrote in the last `maxLagMs`
 * plus two checks: that caller reads the primary, and sees its own writes.
 */
export class ReadReplica {
  /** Reads sent to the replica, and those of them done again on the primary (a refused write, a cancelled query, an outage). */
  readonly stats = { reads: 0, fallbacks: 0 };
  private fresh = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> = Promise.resolve();
  /** The primary's WAL position at each check, oldest first: the newest one at least `maxLagMs` old comes first. */
  private samples: { at: number; lsn: string }[] = [];
  private state = '';

  constructor(
    readonly primary: Database,
    readonly db: Database,
    readonly maxLagMs: number,
  ) {}

  /** Whether reads may go to the replica now. */
  get usable(): boolean {
    return this.fresh && !this.stopped;
  }

  /** How long after a caller's write its reads stay on the primary: the lag allowed, and the checks' slack. */
  get readAfterWriteMs(): number {
    return this.maxLagMs + 2 * REPLICA_CHECK_MS;
  }

  start() {
    this.checking = this.check();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.checking;
    await this.db.destroy();
  }

  private async check() {
    let why = '';
    try {
      const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(this.primary);
      const now = Date.now();
      this.samples.push({ at: now, lsn: rows[0].lsn });
      let old = 0;
      while (old + 1 < this.samples.length && now - this.samples[old + 1].at >= this.maxLagMs) old++;
      this.samples.splice(0, old);
      const needed = this.samples[0].lsn;
      const replayed = await sql<{ standby: boolean; ok: boolean | null }>`select pg_is_in_recovery() as standby,
        pg_last_wal_replay_lsn() >= ${needed}::pg_lsn as ok`.execute(this.db);
      const { standby, ok } = replayed.rows[0];
      this.fresh = ok === true;
      if (!standby) why = 'it is not a standby (DATABASE_REPLICA_URL must name a streaming replica of DATABASE_URL)';
      else if (!this.fresh) why = `it is more than ${this.maxLagMs} ms behind the primary`;
    } catch (e) {
      this.fresh = false;
      why = `it cannot be reached (${(e as Error).message})`;
    } finally {
      // said when it changes, not at every check
      const state = this.fresh ? 'reading lists from it' : `not reading from it: ${why}`;
      if (state !== this.state && !this.stopped) console.error(`read replica: ${state}`);
      this.state = state;
      if (!this.stopped) this.timer = setTimeout(() => (this.checking = this.check()), REPLICA_CHECK_MS);
    }
  }
}

const replicas = new WeakMap<Database, ReadReplica>();

/** The read replica of a primary database in this process, if one is configured. */
export const readReplicaOf = (db: Database): ReadReplica | undefined => replicas.get(db);

/**
 * Opens a pool on the replica at `url` for the engine's reads of `primary`, and follows writers (the caller cache
 * tells every process who wrote). Answers how to stop (the pool is closed).
 */
export async function useReadReplica(primary: Database, url: string, maxLagMs: number): Promise<() => Promise<void>> {
  const replica = new ReadReplica(primary, await openDatabase({ url }), maxLagMs);
  const callers = callerCacheOf(primary);
  replicas.set(primary, replica);
  callers.readAfterWriteMs = replica.readAfterWriteMs;
  replica.start();
  return async () => {
    replicas.delete(primary);
    callers.readAfterWriteMs = 0;
    await replica.stop();
  };
}

/** Who a write is remembered for: the user of a session, or the API token. */
export function writerOf(ctx: Ctx | null): string | null {
  if (ctx?.user) return `user:${ctx.user.id}`;
  if (ctx?.token) return `token:${ctx.token.id}`;
  return null;
}

/**
 * Run a read (`read` gets the database to read from) on the replica when there is one that is not lagging and the
 * caller did not write lately (in any process); else, and when the replica refuses it or fails, on the primary.
 */
export async function readOnReplica<T>(db: Database, req: FastifyRequest, read: (db: Database) => Promise<T>) {
  const replica = replicas.get(db);
  const caller = writerOf(req.ctx);
  if (!replica?.usable || !caller) return read(db);
  // a note of a write that reached this process before the call did is applied first
  await nextTurn();
  if (callerCacheOf(db).wroteLately(caller)) return read(db);
  try {
    return await read(replica.db);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (isConnectionError(e) || (typeof code === 'string' && RETRY_ON_PRIMARY.has(code))) {
      replica.stats.fallbacks++;
      return read(db);
    }
    // the replica's answer (a 404, a 400), as the primary's would be
    throw e;
  } finally {
    replica.stats.reads++;
  }
}
