import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '@trellis/domain';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from './errors.ts';

/** "Try again in 3 seconds." / "Try again in 15 minutes." */
function retryText(ms: number): string {
  if (ms < 60_000) {
    const s = Math.max(1, Math.ceil(ms / 1000));
    return `Try again in ${s} second${s === 1 ? '' : 's'}.`;
  }
  const min = Math.ceil(ms / 60_000);
  return `Try again in ${min} minute${min === 1 ? '' : 's'}.`;
}

/** 429 THR_001; the error handler adds `Retry-After` (seconds). */
export class ThrottledError extends ApiError {
  readonly retryAfterS: number;
  constructor(ms: number, what = 'Too many attempts.') {
    super(429, ErrorCode.throttled, [`${what} ${retryText(ms)}`]);
    this.retryAfterS = Math.max(1, Math.ceil(ms / 1000));
  }
}

/**
 * Count one request under `key` and refuse it (429) once the key has more than `max` in the window. The count
 * and the decision are one statement, so any number of concurrent requests get exactly `max` through.
 * Counters live in the database: several server processes share them.
 */
export async function rateLimit(db: Kysely<DB>, key: string, max: number, windowMs: number): Promise<void> {
  const cutoff = new Date(Date.now() - windowMs).toISOString();
  const { rows } = await sql<{ hits: number; window_start: string | Date }>`
    insert into throttle (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when throttle.window_start < ${cutoff}::timestamptz then 1 else throttle.hits + 1 end,
      window_start = case when throttle.window_start < ${cutoff}::timestamptz then now() else throttle.window_start end
    returning hits, window_start`.execute(db);
  const row = rows[0];
  if (row && row.hits > max) {
    throw new ThrottledError(new Date(row.window_start).getTime() + windowMs - Date.now(), 'Too many requests.');
  }
}

export async function clearThrottle(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}

/**
 * Route option for unauthenticated routes that do costly work (hashing a password, sending e-mail, looking a
 * user up): `config: { public: true, rateLimit: { name: 'password-set' } }` counts every request per client
 * address and route name, and answers 429 past `max` (default PUBLIC_MAX_PER_ADDRESS) in the login window,
 * before the body is even parsed. Future public routes (a lead form, SSO callbacks) declare the same.
 */
export interface RateLimitOption {
  name: string;
  max?: (config: Config) => number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitOption;
  }
}

/**
 * Applies every route's `rateLimit` option: an onRequest hook on the routes that declare one (after the app's own,
 * as before), so the other calls run one hook less. Registered before the routes it is to see.
 */
export function rateLimitHook(app: FastifyInstance, db: Kysely<DB>, config: Config) {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const hook: onRequestAsyncHookHandler = async (req) => {
      const max = limit.max?.(config) ?? config.publicMaxPerAddress;
      await rateLimit(db, `rate:${limit.name}:ip:${req.ip}`, max, config.loginWindowMs);
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), hook];
  });
}
