import { sql, type Kysely, type Transaction } from 'kysely';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { ThrottledError } from '../../../http/rate-limit.ts';
import { digest } from '../../../lib/secrets.ts';

// ---------------------------------------------------------------- sign-in

/**
 * The counters of one sign-in attempt: the (e-mail, address) pair, the e-mail from every address, and the address
 * for every e-mail. The policy (README "Sign-in protection"):
 * - every attempt is counted before its password is checked, atomically (rows locked), so parallel guesses
 *   cannot get past a limit;
 * - a pair gets `loginMaxPerAccount` failures at full speed per window, then slows down: each further attempt
 *   waits 1 s, 2 s, 4 s … (at most the window) after the one before; refused attempts are not counted;
 * - an e-mail failing from many addresses (`loginMaxPerEmail`), or an address failing for many e-mails
 *   (`loginMaxPerAddress`), does not lock anyone out: it slows down only the pairs that already failed, and
 *   an address over its limit checks a first attempt for another e-mail at most once per `loginDelayMs`. A correct
 *   password from an address that did not fail is checked at once: the owner gets in;
 * - a valid reCAPTCHA answer (when configured) lifts the shared slow-downs; a password reset ends all of an
 *   e-mail's counters; a successful sign-in ends the pair's.
 */
export interface LoginKeys {
  pair: string;
  email: string;
  address: string;
}

export function loginKeys(email: string, ip: string): LoginKeys {
  const e = digest(email.trim().toLowerCase());
  return { pair: `login:pair:${e}:${ip}`, email: `login:email:${e}`, address: `login:ip:${ip}` };
}

interface Counter {
  key: string;
  hits: number;
  windowStart: number;
  lastAt: number | null;
}

/** How long a slowed-down key waits after its `n`-th counted attempt: `base` doubling per attempt past `free`. */
function delayAfter(n: number, free: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, Math.min(30, n - free)));
}

/**
 * Claim the right to check one password: refused with 429 (and Retry-After) while the rules above make this
 * pair wait, otherwise counted as a failure until `loginSucceeded` says otherwise. The three rows are
 * created if missing and locked by one statement, in one order, so concurrent attempts queue on them.
 */
export async function claimLoginAttempt(
  db: Kysely<DB>,
  config: Config,
  keys: LoginKeys,
  opts: { human?: boolean } = {},
): Promise<void> {
  const windowMs = config.loginWindowMs;
  const ordered = [keys.pair, keys.email, keys.address].sort();
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      key: string;
      window_start: string | Date;
      hits: number;
      last_at: string | Date | null;
    }>`
      insert into throttle (key, window_start, hits) values ${sql.join(ordered.map((k) => sql`(${k}, now(), 0)`))}
      on conflict (key) do update set hits = throttle.hits
      returning key, window_start, hits, last_at`.execute(trx);
    const now = Date.now();
    const counters = new Map<string, Counter>();
    for (const r of rows) {
      const windowStart = new Date(r.window_start).getTime();
      const expired = windowStart + windowMs <= now;
      counters.set(r.key, {
        key: r.key,
        hits: expired ? 0 : r.hits,
        windowStart: expired ? now : windowStart,
        lastAt: expired || !r.last_at ? null : new Date(r.last_at).getTime(),
      });
    }
    const pair = counters.get(keys.pair)!;
    const email = counters.get(keys.email)!;
    const address = counters.get(keys.address)!;
    const shared = !opts.human && (email.hits >= config.loginMaxPerEmail || address.hits >= config.loginMaxPerAddress);
    const free = shared ? 0 : config.loginMaxPerAccount;
    const pairSlowed = pair.hits >= free && pair.hits > 0;
    const addressSlot = !pairSlowed && !opts.human && address.hits >= config.loginMaxPerAddress;

    let until: number | null = null;
    if (pairSlowed && pair.lastAt !== null)
      until = pair.lastAt + delayAfter(pair.hits, free, config.loginDelayMs, windowMs);
    else if (addressSlot && address.lastAt !== null) until = address.lastAt + config.loginDelayMs;
    if (until !== null && until > now) throw new ThrottledError(until - now, 'Too many failed sign-in attempts.');

    for (const c of [pair, email, address]) {
      c.hits += 1;
      c.lastAt = now;
    }
    await sql`update throttle set hits = v.hits, window_start = v.window_start::timestamptz, last_at = v.last_at::timestamptz
      from (values ${sql.join(
        [pair, email, address].map(
          (c) =>
            sql`(${c.key}, ${c.hits}::int, ${new Date(c.windowStart).toISOString()}, ${new Date(c.lastAt!).toISOString()})`,
        ),
      )}) as v(key, hits, window_start, last_at)
      where throttle.key = v.key`.execute(trx);
  });
}

/** The password was right: the pair starts afresh, and the attempt no longer counts against the e-mail and address. */
export async function loginSucceeded(db: Kysely<DB>, keys: LoginKeys): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('throttle').where('key', '=', keys.pair).execute();
    await trx
      .updateTable('throttle')
      .set((eb) => ({ hits: sql<number>`greatest(${eb.ref('hits')} - 1, 0)` }))
      .where('key', 'in', [keys.email, keys.address])
      .execute();
  });
}

/** A password reset by e-mail proves the owner: every sign-in counter of that e-mail ends. */
export async function clearEmailThrottles(db: Kysely<DB> | Transaction<DB>, email: string): Promise<void> {
  const keys = loginKeys(email, '');
  await db
    .deleteFrom('throttle')
    .where((eb) => eb.or([eb('key', '=', keys.email), sql<boolean>`left(key, ${keys.pair.length}) = ${keys.pair}`]))
    .execute();
}
