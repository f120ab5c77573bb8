import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { TOKEN_MODULE } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { requireModule } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { describeRoute } from '../../../openapi/openapi.ts';
import type { Db } from '../../../resources/engine.ts';
import { bigint, defineTable, text, timestamp } from '../../../resources/table.ts';
import type { Api } from '../../types.ts';

// Calls per API token (spec §7 token statistics; reference /statistics/tokens/{id}/aggregates and /summary): each
// call made with a token is counted in memory by the process that answered it, by token, hour and HTTP status, and
// written in batches (every TOKEN_STATS_FLUSH_MS and when the server stops) with upserts that add, so any number of
// server processes sum into the same rows. The request path never waits for a database write.

export const tokenCallTable = defineTable(
  'token_calls',
  { token_id: text(), account_id: text(), hour: timestamp(), code: text(), calls: bigint() },
  { data: false },
);
export const tokenCallTotalTable = defineTable(
  'token_call_totals',
  {
    token_id: text(),
    account_id: text(),
    code: text(),
    total: bigint(),
    since_reset: bigint(),
    started_at: timestamp(),
  },
  { data: false },
);

const HOUR = 3_600_000;
const BATCH = 500;

interface Pending {
  token: string;
  account: string;
  hour: number;
  code: string;
  calls: number;
  first: number;
}

/** The counts of one process, flushed in batches. */
export class TokenCallCounter {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    intervalMs: number,
    private readonly onClose: () => void = () => {},
  ) {
    if (intervalMs > 0) {
      this.timer = setInterval(() => void this.flush().catch(() => {}), intervalMs);
      this.timer.unref();
    }
  }

  /** Count one call (in memory only). */
  record(token: string, account: string, status: number, at = Date.now()): void {
    const hour = Math.floor(at / HOUR) * HOUR;
    const code = String(status);
    const key = `${token}\u0000${hour}\u0000${code}`;
    const p = this.pending.get(key);
    if (p) p.calls++;
    else this.pending.set(key, { token, account, hour, code, calls: 1, first: at });
  }

  /** Write what was counted; one flush at a time. Counts that could not be written are kept for the next one. */
  flush(): Promise<void> {
    const next = this.running.catch(() => {}).then(() => this.write());
    this.running = next;
    return next;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.onClose();
    await this.flush();
  }

  private async write(): Promise<void> {
    if (!this.pending.size) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      for (let i = 0; i < batch.length; i += BATCH) await writeCounts(this.db, batch.slice(i, i + BATCH));
    } catch (err) {
      // the database is away: keep the counts (merged with those counted meanwhile) for the next flush
      for (const p of batch) {
        const key = `${p.token}\u0000${p.hour}\u0000${p.code}`;
        const now = this.pending.get(key);
        if (now) {
          now.calls += p.calls;
          now.first = Math.min(now.first, p.first);
        } else this.pending.set(key, p);
      }
      throw err;
    }
  }
}

async function writeCounts(db: Kysely<DB>, rows: Pending[]): Promise<void> {
  const totals = new Map<string, Pending>();
  for (const r of rows) {
    const key = `${r.token}\u0000${r.code}`;
    const t = totals.get(key);
    if (t) {
      t.calls += r.calls;
      t.first = Math.min(t.first, r.first);
    } else totals.set(key, { ...r });
  }
  await db.transaction().execute(async (trx) => {
    await sql`insert into token_calls (token_id, account_id, hour, code, calls) values ${sql.join(
      rows.map(
        (r) => sql`(${r.token}, ${r.account}, ${new Date(r.hour).toISOString()}::timestamptz, ${r.code}, ${r.calls})`,
      ),
    )} on conflict (token_id, hour, code) do update set calls = token_calls.calls + excluded.calls`.execute(trx);
    await sql`insert into token_call_totals (token_id, account_id, code, total, since_reset, started_at) values ${sql.join(
      [...totals.values()].map(
        (t) =>
          sql`(${t.token}, ${t.account}, ${t.code}, ${t.calls}, ${t.calls}, ${new Date(t.first).toISOString()}::timestamptz)`,
      ),
    )} on conflict (token_id, code) do update set total = token_call_totals.total + excluded.total,
      since_reset = token_call_totals.since_reset + excluded.since_reset,
      started_at = least(token_call_totals.started_at, excluded.started_at)`.execute(trx);
  });
}

/** The counters of each database in this process (an app counts in one per API prefix; the demo seed's app too). */
const live = new WeakMap<object, Set<TokenCallCounter>>();

/**
 * A counter for one registration of the routes, written every `intervalMs`; it stops (after a last write) when its
 * app closes, without touching the counters of another app on the same database.
 */
export function tokenCallCounter(db: Kysely<DB>, intervalMs: number): TokenCallCounter {
  const counter = new TokenCallCounter(db, intervalMs, () => live.get(db)?.delete(counter));
  let set = live.get(db);
  if (!set) live.set(db, (set = new Set()));
  set.add(counter);
  return counter;
}

/** Write every count gathered so far in this process for this database (tests; a graceful stop does it itself). */
export async function flushTokenCalls(db: Kysely<DB>): Promise<void> {
  for (const counter of live.get(db) ?? []) await counter.flush();
}

/** A new key starts a new count: `since_last_reset` of the summary counts calls since the last rotation. */
export async function resetTokenCalls(db: Db, tokenId: string): Promise<void> {
  await db.updateTable('token_call_totals').set({ since_reset: '0' }).where('token_id', '=', tokenId).execute();
}

// ---------------------------------------------------------------- reading

/** statistics.StatusCode */
const StatusCount = z.object({ code: z.string(), count: z.number().int() });
/** statistics.AccountTokenAggregates: the calls of one day (or hour) by HTTP status. */
const Aggregate = z.object({ date: z.string(), statuses: z.array(StatusCount) });
/** statistics.AccountTokenSummary */
const Summary = z.object({
  id: z.string(),
  statuses: z.array(z.object({ code: z.string(), total: z.number().int(), since_last_reset: z.number().int() })),
  started_tracking_at: z.string().optional(),
});

const DAY = 86_400_000;
const MAX_DAYS = 366;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

describeRoute('get', '/statistics/tokens/:id/aggregates', {
  summary:
    "Calls made with an API token of the caller's account, per UTC day (or per hour with granularity=hour) and HTTP " +
    'status, oldest first: the last 30 days unless from=YYYY-MM-DD and to=YYYY-MM-DD (at most 366 days) say otherwise. ' +
    'Days without calls are left out. Counts arrive within TOKEN_STATS_FLUSH_MS.',
  tag: 'statistics',
  response: z.array(Aggregate),
});
describeRoute('get', '/statistics/tokens/:id/summary', {
  summary:
    'Calls made with an API token by HTTP status: in total and since the last reset (a rotation of its key), and when ' +
    'counting started',
  tag: 'statistics',
  response: Summary,
});

/** The token, when it is one of the caller's account (with the tokens module); otherwise 404. */
async function ownToken(db: Kysely<DB>, ctxAccount: string, id: string) {
  const row = await db
    .selectFrom('tokens')
    .select(['id', 'created_at'])
    .where('id', '=', id)
    .where('account_id', '=', ctxAccount)
    .executeTakeFirst();
  if (!row) throw ApiError.notFound('Token');
  return row;
}

function period(query: Record<string, string | undefined>) {
  const bad = (m: string) => ApiError.badRequest(m);
  for (const k of ['from', 'to'] as const)
    if (query[k] !== undefined && (!isoDate.test(query[k]!) || Number.isNaN(Date.parse(query[k]!))))
      throw bad(`${k}: a date is expected, e.g. 2024-01-31`);
  const to = query.to ? Date.parse(query.to) + DAY : Math.floor(Date.now() / DAY) * DAY + DAY;
  const from = query.from ? Date.parse(query.from) : to - 30 * DAY;
  if (from >= to) throw bad('from: must be on or before to');
  if (to - from > MAX_DAYS * DAY) throw bad(`to: at most ${MAX_DAYS} days after from`);
  const granularity = query.granularity ?? 'day';
  if (granularity !== 'day' && granularity !== 'hour') throw bad('granularity: day or hour');
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString(), granularity };
}

export function tokenStatsRoutes({ app, db, config }: Api) {
  const counter = tokenCallCounter(db, config.tokenStatsFlushMs);
  // counted after the answer is sent; written by the counter's timer
  app.addHook('onResponse', (req, reply, done) => {
    const ctx = req.ctx;
    if (ctx?.token && !ctx.user) counter.record(ctx.token.id, ctx.account.id, reply.statusCode);
    done();
  });
  // before the database closes (onClose hooks of the root run first); a failure keeps nothing worth a crash
  app.addHook('preClose', async () => {
    await counter.close().catch(() => {});
  });

  app.get('/statistics/tokens/:id/aggregates', async (req) => {
    const ctx = requireCtx(req);
    const token = await ownToken(db, ctx.account.id, (req.params as { id: string }).id);
    requireModule(ctx, TOKEN_MODULE);
    const p = period(req.query as Record<string, string | undefined>);
    // UTC days or hours as text: `date` of the reference (and an ISO hour with granularity=hour)
    const bucket =
      p.granularity === 'hour'
        ? sql<string>`to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24":00:00+00:00"')`
        : sql<string>`to_char(hour at time zone 'UTC', 'YYYY-MM-DD')`;
    const { rows } = await sql<{ at: string; code: string; count: string }>`
      select ${bucket} as at, code, sum(calls)::bigint as count
      from token_calls where token_id = ${token.id} and hour >= ${p.from}::timestamptz and hour < ${p.to}::timestamptz
      group by 1, 2 order by 1, 2`.execute(db);
    const out = new Map<string, { code: string; count: number }[]>();
    for (const r of rows) {
      const list = out.get(r.at) ?? [];
      list.push({ code: r.code, count: Number(r.count) });
      out.set(r.at, list);
    }
    return [...out].map(([date, statuses]) => ({ date, statuses }));
  });

  app.get('/statistics/tokens/:id/summary', async (req) => {
    const ctx = requireCtx(req);
    const token = await ownToken(db, ctx.account.id, (req.params as { id: string }).id);
    requireModule(ctx, TOKEN_MODULE);
    const rows = await db
      .selectFrom('token_call_totals')
      .select(['code', 'total', 'since_reset', 'started_at'])
      .where('token_id', '=', token.id)
      .orderBy('code')
      .execute();
    const started = rows.reduce<number | null>((min, r) => {
      const t = new Date(r.started_at).getTime();
      return min === null || t < min ? t : min;
    }, null);
    return {
      id: token.id,
      statuses: rows.map((r) => ({ code: r.code, total: Number(r.total), since_last_reset: Number(r.since_reset) })),
      ...(started !== null ? { started_tracking_at: new Date(started).toISOString() } : {}),
    };
  });
}
