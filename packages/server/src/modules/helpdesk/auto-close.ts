import { DEFAULT_HELPDESK_TTL_DAYS, type Case } from '@trellis/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { systemCtx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { enqueue, enqueueUnlessQueued, type JobHandler } from '../../jobs/queue.ts';
import { runAction, type Db } from '../../resources/engine.ts';
import { helpdeskSettingsOf } from '../identity/public.ts';
import { cases } from './cases.ts';

// A resolved case closes itself once the receiving account's auto-close timeout (helpdesk settings `ttl`, days) has
// passed since it was resolved, unless it was reopened. Resolving queues a sweep due then; the sweep closes every
// case due by its time, so a late or lost run is caught up by the next, and a reopened case is simply not due.

export const AUTO_CLOSE_JOB = 'helpdesk.auto-close';
/** Longer timeouts are the same as never in practice; the cap keeps the date arithmetic in range. */
const MAX_DAYS = 36_500;

/** Queue the sweep for when `c`, resolved now, falls due under its receiver's timeout. */
export async function scheduleAutoClose(db: Db, c: Case) {
  const { ttl } = await helpdeskSettingsOf(db as Kysely<DB>, c.receiver.account.id);
  const runAt = new Date(Date.now() + Math.min(ttl, MAX_DAYS) * 86_400_000);
  await enqueue(db, AUTO_CLOSE_JOB, {}, { runAt, accountId: c.receiver.account.id });
}

/** When each resolved case falls due: resolved_at plus its receiver's timeout (alias c). */
const dueAt = sql`c.resolved_at + make_interval(days =>
  least(coalesce((s.data->>'ttl')::int, ${DEFAULT_HELPDESK_TTL_DAYS}), ${MAX_DAYS}))`;
/** The receiver's helpdesk settings beside each case (alias s). */
const withSettings = sql`left join account_settings s on s.account_id = c.receiver_account_id and s.module = 'helpdesk'`;

/** Close every resolved case whose receiver's timeout has passed by `now`; returns their ids. */
export async function closeDueCases(db: Kysely<DB>, now = new Date()): Promise<string[]> {
  const { rows } = await sql<{ id: string; issuer: string; name: string; type: 'vendor' | 'provider' }>`
    select c.id, c.issuer_account_id as issuer, a.name, a.type
    from helpdesk_cases c join accounts a on a.id = c.issuer_account_id ${withSettings}
    where c.state = 'resolved' and ${dueAt} <= ${now.toISOString()}
    order by c.resolved_at, c.id`.execute(db);
  const closed: string[] = [];
  for (const r of rows) {
    // as the issuer's account, whose move closing is; each in its own transaction, so one case cannot hold back the rest
    const ctx = systemCtx({ id: r.issuer, name: r.name, type: r.type, roles: [] });
    try {
      await runAction(cases, ctx, {}, r.id, 'close', {}, db);
      closed.push(r.id);
    } catch (e) {
      // reopened or closed meanwhile (the action is refused): no longer due
      if (!(e instanceof ApiError)) throw e;
    }
  }
  return closed;
}

/**
 * The sweep, then the next one: due when the earliest case still resolved falls due (a timeout lengthened since
 * the resolve made this run early), unless a sweep is queued by then already.
 */
export const autoCloseJob: JobHandler = async (db, _payload, job) => {
  await closeDueCases(db);
  const { rows } = await sql<{ next: Date | string | null }>`select min(${dueAt}) as next
    from helpdesk_cases c ${withSettings} where c.state = 'resolved'`.execute(db);
  const next = rows[0]?.next;
  if (!next) return;
  await enqueueUnlessQueued(db, AUTO_CLOSE_JOB, new Date(next), job.id);
};
