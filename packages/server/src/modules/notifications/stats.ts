import { sql } from 'kysely';
import type { TriggerInfo, Webhook, WebhookStats } from '@trellis/domain';
import type { Db } from '../../resources/engine.ts';

// A webhook's counters (reference ns.Stats) and its last success and failure, kept in its object by the
// dispatcher and the deliveries (not audited: they are the webhook's record, not a change anyone made).

async function change(db: Db, id: string, fn: (w: Webhook) => Webhook) {
  const { rows } = await sql<{ data: Webhook }>`select data from webhooks where id = ${id} for update`.execute(db);
  if (!rows.length) return;
  await sql`update webhooks set data = ${JSON.stringify(fn(rows[0].data))}::jsonb where id = ${id}`.execute(db);
}

export const countEvent = (db: Db, id: string, at: string) =>
  change(db, id, (w) => ({ ...w, stats: { ...w.stats, events: w.stats.events + 1 }, last_event: at }));

/** One call's outcome: failures since the last success count on until a call succeeds (spec §4). */
export const countCall = (db: Db, id: string, info: TriggerInfo) =>
  change(db, id, (w) => {
    const s: WebhookStats = w.stats;
    const ok = info.status === 'success';
    const stats: WebhookStats = {
      ...s,
      triggers: s.triggers + 1,
      success_triggers: s.success_triggers + (ok ? 1 : 0),
      failure_triggers: s.failure_triggers + (ok ? 0 : 1),
      failure_since_last_success: ok ? 0 : s.failure_since_last_success + 1,
    };
    return { ...w, stats, ...(ok ? { last_success: info } : { last_failure: info }) };
  });
