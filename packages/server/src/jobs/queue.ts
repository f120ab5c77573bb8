import { sql, type Kysely, type Transaction } from 'kysely';
import { keepListening } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { newId } from '../resources/ids.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type JobHandler = (db: Kysely<DB>, payload: any, job: { id: string; attempts: number }) => Promise<void>;

const handlers = new Map<string, JobHandler>();
/** A failed job is retried with backoff up to this many attempts, then marked failed. */
export const MAX_JOB_ATTEMPTS = 5;

/** Each area registers the kinds of background work it does. */
export function registerJob(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

/** Runners are told of due work on this channel, when the transaction that queued it commits. */
const CHANNEL = 'trellis_jobs';

/**
 * Queue work, in the caller's transaction so it exists only if the change that asked for it commits. Work due now
 * wakes the job runners (a NOTIFY, sent on commit) instead of waiting for their next poll.
 */
export async function enqueue(db: Db, kind: string, payload: unknown, opts: { runAt?: Date; accountId?: string } = {}) {
  const id = newId('JB', 4, 4);
  await db
    .insertInto('jobs')
    .values({
      id,
      kind,
      account_id: opts.accountId ?? null,
      payload: JSON.stringify(payload),
      run_at: (opts.runAt ?? new Date()).toISOString(),
      last_error: null,
      created_at: new Date().toISOString(),
      finished_at: null,
    })
    .execute();
  if (!opts.runAt || opts.runAt.getTime() <= Date.now()) await sql`select pg_notify(${CHANNEL}, '')`.execute(db);
  return id;
}

/**
 * Queue `kind` for `runAt` unless one is queued to run by then already: a self-rescheduling sweep (auto-close,
 * service levels) asks for its next run from many writes, and one run does for all of them. `except`: the running
 * job itself (still `queued` while it runs).
 */
export async function enqueueUnlessQueued(db: Db, kind: string, runAt: Date, except = '') {
  const { rows } = await sql`select 1 from jobs where kind = ${kind} and status = 'queued'
    and id <> ${except} and run_at <= ${runAt.toISOString()} limit 1`.execute(db);
  if (!rows.length) await enqueue(db, kind, {}, { runAt });
}

interface Claimed {
  id: string;
  kind: string;
  payload: any;
  attempts: number;
}

/** Claim one due job; the lease (run_at pushed ahead) keeps others off it while it runs. */
async function claim(db: Kysely<DB>): Promise<Claimed | null> {
  const { rows } = await sql<Claimed>`
    update jobs set attempts = attempts + 1, run_at = now() + interval '5 minutes'
    where id = (select id from jobs where status = 'queued' and run_at <= now() order by run_at, id limit 1 for update skip locked)
    returning id, kind, payload, attempts`.execute(db);
  return rows[0] ?? null;
}

/** Run due jobs until none is left; returns how many ran. */
export async function runDueJobs(db: Kysely<DB>, limit = 100): Promise<number> {
  let ran = 0;
  for (; ran < limit; ran++) {
    const job = await claim(db);
    if (!job) break;
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(db, job.payload, job);
      await db
        .updateTable('jobs')
        .set({ status: 'done', finished_at: new Date().toISOString(), last_error: null })
        .where('id', '=', job.id)
        .execute();
    } catch (e) {
      const failed = job.attempts >= MAX_JOB_ATTEMPTS;
      const retryAt = new Date(Date.now() + 10_000 * 2 ** job.attempts).toISOString();
      await db
        .updateTable('jobs')
        .set({
          status: failed ? 'failed' : 'queued',
          last_error: e instanceof Error ? e.message : String(e),
          run_at: retryAt,
          finished_at: failed ? new Date().toISOString() : null,
        })
        .where('id', '=', job.id)
        .execute();
    }
  }
  return ran;
}

/** Stops a runner (after the job it is running); `listening`: resolves once the first attempt to listen settled. */
export interface JobRunner {
  (): Promise<void>;
  listening: Promise<void>;
}

/**
 * Run due jobs until stopped: woken by the NOTIFY of work queued now, and every `intervalMs` for work queued to run
 * later. A lost listening connection is listened on again (db/database.ts keepListening); meanwhile the poll is the
 * fallback, and on listening again the runner looks for due work at once (its notices may have been missed).
 */
export function startJobRunner(db: Kysely<DB>, intervalMs = 1000): JobRunner {
  let stopped = false;
  let ticking = false;
  let again = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    ticking = true;
    again = false;
    running = runDueJobs(db)
      .catch((e) => console.error('job runner:', e))
      .finally(() => {
        ticking = false;
        if (stopped) return;
        if (again) tick();
        else timer = setTimeout(tick, intervalMs);
      });
  };
  const wake = () => {
    if (stopped) return;
    if (ticking) again = true;
    else {
      clearTimeout(timer);
      tick();
    }
  };
  let timer = setTimeout(tick, intervalMs);
  // said once per outage, not at every attempt to listen again
  let outage = false;
  const listener = keepListening(db, CHANNEL, wake, {
    onListening: () => {
      if (!outage) return;
      outage = false;
      console.error('job runner: woken by new jobs again');
      wake();
    },
    onLost: (e) => {
      if (outage) return;
      outage = true;
      console.error(
        `job runner: not woken by new jobs until it listens again; polling every ${intervalMs} ms (${e.message})`,
      );
    },
  });
  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    await listener.stop();
  };
  return Object.assign(stop, { listening: listener.started });
}
