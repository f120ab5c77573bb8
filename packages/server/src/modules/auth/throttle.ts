import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * Fixed-window failure counters kept in the database, so several server processes share them.
 * `check` refuses once a key has `max` failures in the window; `fail` counts one; `clear` forgets.
 */
export async function checkThrottle(db: Kysely<DB>, key: string, max: number, windowMs: number): Promise<void> {
  const row = await db.selectFrom('throttle').select(['window_start', 'hits']).where('key', '=', key).executeTakeFirst();
  if (!row) return;
  const ends = new Date(row.window_start).getTime() + windowMs;
  if (ends > Date.now() && row.hits >= max) {
    const minutes = Math.max(1, Math.ceil((ends - Date.now()) / 60000));
    throw new ApiError(429, ErrorCode.throttled, [`Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`]);
  }
}

export async function recordFailure(db: Kysely<DB>, key: string, windowMs: number): Promise<void> {
  const cutoff = new Date(Date.now() - windowMs).toISOString();
  await sql`insert into throttle (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when throttle.window_start < ${cutoff}::timestamptz then 1 else throttle.hits + 1 end,
      window_start = case when throttle.window_start < ${cutoff}::timestamptz then now() else throttle.window_start end`.execute(db);
}

export async function clearThrottle(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}
