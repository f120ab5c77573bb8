import type { Request } from '@trellis/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { systemCtx } from '../../http/context.ts';
import { lockedRequest, saveRequest } from './request-store.ts';

// Delayed activation: a scheduled request goes back to pending at its planned_date. The schedule action
// queues one job due at that date; the job moves every request that is due by then, so a late or lost
// run is caught up by the next one.

export const SCHEDULE_JOB = 'fulfillment.scheduled-requests';

/** Moves every scheduled request whose planned_date has come to pending; returns their ids. */
export async function releaseDueRequests(db: Kysely<DB>, now = new Date()): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from asset_requests
    where status = 'scheduled' and planned_date <= ${now.toISOString()} order by planned_date, id`.execute(db);
  const moved: string[] = [];
  for (const { id } of rows) {
    // each in its own transaction: one request that cannot move does not hold back the others
    const done = await db.transaction().execute(async (trx) => {
      const r = await lockedRequest(trx, id);
      if (r?.status !== 'scheduled' || !r.planned_date || new Date(r.planned_date) > now) return false;
      const vendor = r.asset.connection.vendor;
      const ctx = systemCtx({ id: vendor.id, name: vendor.name, type: 'vendor', roles: [] });
      await saveRequest(trx, ctx, r, { ...r, status: 'pending' } satisfies Request, 'pend', 'pended');
      return true;
    });
    if (done) moved.push(id);
  }
  return moved;
}
