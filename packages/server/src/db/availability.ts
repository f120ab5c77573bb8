/**
 * Whether the database can be reached. A PostgreSQL that is restarted, fails over, drops a connection or is
 * unreachable at start must never end the process: requests answer 503 (the portal's maintenance mode) and
 * the server recovers by itself once the database is back.
 */

/** Node network errors of a lost or refused connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server going away: admin/crash shutdown, cannot connect now, too many connections. */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '53300']);
/** What `pg` says when the socket under a client ends or a connection cannot be made in time. */
const PG_MESSAGES =
  /Connection terminated|Connection ended unexpectedly|not queryable|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end/i;

/** Is this error the database connection failing (rather than the query or the data)? */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || SERVER_GONE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  // a host name with several addresses fails with an AggregateError of one error each
  if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionError(x, depth + 1))) return true;
  return e.cause !== undefined && isConnectionError(e.cause, depth + 1);
}

export const DATABASE_UNAVAILABLE = 'The database is not available at the moment. Please try again shortly.';
/** Seconds a client is told to wait (Retry-After) when the database is away. */
export const RETRY_AFTER_S = 5;

/** Shared by the app and the start-up: false until the schema is migrated on a reachable database. */
export class DatabaseStatus {
  ready = false;
  /** The last reason it could not be prepared (shown in logs). */
  lastError: string | null = null;
}
