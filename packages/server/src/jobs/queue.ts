import { sql, type Kysely, type Transaction } from 'kysely';
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

/** Queue work, in the caller's transaction so it exists only if the change that asked for it commits. */
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
  return id;
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

/** Poll for due jobs every `intervalMs` until stopped. */
export function startJobRunner(db: Kysely<DB>, intervalMs = 1000): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = runDueJobs(db)
      .catch((e) => console.error('job runner:', e))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer = setTimeout(tick, intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
