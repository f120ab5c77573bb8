import { sql, type Kysely } from 'kysely';
import { DAY_MS, type Sli } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { systemCtx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { runAction } from '../../resources/engine.ts';
import { servedByName } from '../../resources/routes.ts';
import { moveIndicator, scheduleSweep } from './indicators.ts';
import { trackedKind } from './tracked.ts';

// The sweep: indicators whose days or zone change by `now` move on; an object past the last zone of a terminating
// objective gets the final action (a request is rejected), run through its machine as the serving account, so it is
// stamped "System", audited and notified like any rejection. Then it queues itself for the next change.

interface Due {
  data: Sli;
  account_id: string;
  name: string;
  type: 'vendor' | 'provider';
  terminate: boolean;
}

/** Move every indicator due by `now`; returns the ids of the objects the final action ended. */
export async function sweepIndicators(db: Kysely<DB>, now = new Date()): Promise<string[]> {
  const at = now.toISOString();
  const { rows } = await sql<Due>`select s.data, s.account_id, a.name, a.type,
      (s.terminate_at is not null and s.terminate_at <= ${at}) as terminate
    from slis s join accounts a on a.id = s.account_id
    where s.next_at <= ${at} or s.terminate_at <= ${at}
    order by s.start_at, s.id`.execute(db);
  const ended: string[] = [];
  for (const r of rows) {
    const kind = trackedKind(r.data.slo.sla.entity_type);
    if (!kind) continue;
    if (r.terminate && kind.finalAction) {
      const served = servedByName(kind.resource);
      const ctx = systemCtx({ id: r.account_id, name: r.name, type: r.type, roles: [] });
      const { action, body } = kind.finalAction;
      try {
        // the action's write ends the indicator (the object leaves the status)
        const days = Math.floor((now.getTime() - new Date(r.data.start_date).getTime()) / DAY_MS);
        await runAction(served!, ctx, {}, r.data.entity_id, action, body(r.data.slo.target_status, days), db);
        ended.push(r.data.entity_id);
        continue;
      } catch (e) {
        // refused (changed meanwhile): the indicator moves on like any other
        if (!(e instanceof ApiError)) throw e;
      }
    }
    await db.transaction().execute(async (trx) => {
      const { rows: still } = await sql<{
        data: Sli;
      }>`select data from slis where id = ${r.data.id} for update`.execute(trx);
      if (!still.length) return;
      const slo = still[0].data.slo;
      // a final action that could not run is not retried: the object stays in the red zone
      await moveIndicator(
        trx,
        kind,
        r.account_id,
        still[0].data,
        r.terminate ? { ...slo, terminate: false } : slo,
        now,
      );
    });
  }
  return ended;
}

/** When the earliest indicator needs the sweep next. */
export async function nextSweep(db: Kysely<DB>): Promise<Date | null> {
  const { rows } = await sql<{ next: Date | string | null }>`select min(least(next_at, coalesce(terminate_at, next_at)))
    as next from slis`.execute(db);
  return rows[0]?.next ? new Date(rows[0].next) : null;
}

export const sweepJob: JobHandler = async (db, _payload, job) => {
  await sweepIndicators(db);
  const next = await nextSweep(db);
  if (next) await scheduleSweep(db, next, job.id);
};
