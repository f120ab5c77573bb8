import { sql, type Kysely, type Transaction } from 'kysely';
import type { UserSession } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { SESSION_IDLE_MS } from '../../../http/auth.ts';
import type { Ctx } from '../../../http/context.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { stampUpdated } from '../../../resources/engine.ts';

type Db = Kysely<DB> | Transaction<DB>;
const iso = (v: Date | string | number) => new Date(v).toISOString();

/**
 * Sessions end without a write to `data` (logout sets terminated_at, expiry and idleness just pass):
 * bring the stored status and its event up to date before the user's sessions are read or filtered.
 */
export async function refreshSessionStatuses(db: Db, userId: string): Promise<void> {
  const now = Date.now();
  const stale = await db
    .selectFrom('sessions')
    .select(['id', 'terminated_at', 'expires_at', 'last_seen_at', 'data'])
    .where('user_id', '=', userId)
    .where(sql<string>`data->>'status'`, '=', 'active')
    .where((eb) =>
      eb.or([
        eb('terminated_at', 'is not', null),
        eb('expires_at', '<=', iso(now)),
        eb('last_seen_at', '<=', iso(now - SESSION_IDLE_MS)),
      ]),
    )
    .execute();
  for (const row of stale) {
    const idleEnd = new Date(row.last_seen_at).getTime() + SESSION_IDLE_MS;
    const [status, at] = row.terminated_at
      ? ['terminated', iso(row.terminated_at)]
      : ['expired', iso(Math.min(new Date(row.expires_at).getTime(), idleEnd))];
    const data = { ...row.data, status, events: { ...row.data.events, [status]: { at } } };
    await db
      .updateTable('sessions')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', row.id)
      .where(sql<string>`data->>'status'`, '=', 'active')
      .execute();
  }
}

/**
 * End a user's live sessions except `keep` (only those working in `accountId`, when given), each audited in its
 * account; returns them as now stored.
 */
export async function terminateSessions(
  trx: Transaction<DB>,
  ctx: Ctx,
  userId: string,
  keep: string | null,
  accountId?: string,
): Promise<UserSession[]> {
  await refreshSessionStatuses(trx, userId);
  let q = trx
    .selectFrom('sessions')
    .select(['id', 'account_id', 'data'])
    .where('user_id', '=', userId)
    .where('terminated_at', 'is', null)
    .where(sql<string>`data->>'status'`, '=', 'active');
  if (keep) q = q.where('id', '!=', keep);
  if (accountId) q = q.where('account_id', '=', accountId);
  const rows = await q.orderBy('created_at').forUpdate().execute();
  const ended: UserSession[] = [];
  for (const row of rows) {
    const before = row.data as UserSession;
    const after = stampUpdated(ctx, { ...before, status: 'terminated' as const }, 'terminated');
    await trx
      .updateTable('sessions')
      .set({ terminated_at: after.events.terminated.at, data: JSON.stringify(after) })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, ctx, {
      res: 'session',
      objectId: row.id,
      action: 'terminate',
      owner: row.account_id,
      before,
      after,
    });
    ended.push(after);
  }
  return ended;
}
