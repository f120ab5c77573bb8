import { sql } from 'kysely';
import { usageAggregateResource, type UsageAggregate } from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import type { Db, Served } from '../../resources/engine.ts';
import { usageAggregateTable } from './tables.ts';

// Usage aggregates (reference /usage/aggregates): kept sums per subscription, item and calendar month, rewritten
// from the records whenever a file's records change status (submit, accept, reject, close), in the same
// transaction. Drafts and invalid files do not count: only what was submitted to the provider.

const COUNTED = ['pending', 'accepted', 'closed'];

/**
 * Recompute the aggregates every (asset, item, month) of this file's records falls in. Actions call it before the
 * engine stores the file's new status, so they pass that status.
 */
export async function refreshAggregates(db: Db, fileId: string, fileStatus: string) {
  const keys = sql`(select distinct asset_id, item_id, date_trunc('month', start_at, 'UTC') as month
    from usage_records where usage_file_id = ${fileId})`;
  await sql`delete from usage_aggregates a using ${keys} k
    where a.asset_id = k.asset_id and a.item_id = k.item_id and a.period_from = k.month`.execute(db);
  await sql`insert into usage_aggregates (id, vendor_id, provider_id, product_id, asset_id, item_id, period_from, data)
    select r.asset_id || ':' || r.item_id || ':' || to_char(k.month at time zone 'UTC', 'YYYY-MM'),
      min(r.vendor_id), min(r.provider_id), min(r.product_id), r.asset_id, r.item_id, k.month,
      jsonb_build_object(
        'id', r.asset_id || ':' || r.item_id || ':' || to_char(k.month at time zone 'UTC', 'YYYY-MM'),
        'item', (array_agg(f.record_items -> r.item_id))[1],
        'asset', jsonb_build_object('id', r.asset_id, 'external_id', min(r.asset_external_id),
          'external_uid', min(r.asset_external_uid)),
        'product', jsonb_build_object('id', min(r.product_id)),
        'period', jsonb_build_object(
          'from', to_char(k.month at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"'),
          'to', to_char((k.month + interval '1 month') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')),
        'consumed', sum(r.usage),
        'accepted', coalesce(sum(r.usage) filter (where r.status in ('approved', 'closed')), 0),
        'amount', coalesce(sum((r.data ->> 'amount')::numeric), 0),
        'currency', (array_agg(f.data ->> 'currency'))[1],
        'records', count(*),
        'events', jsonb_build_object('last_reported', jsonb_build_object('at', max(coalesce(f.data -> 'events' -> 'submitted' ->> 'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"'))))))
    from ${keys} k
    join usage_records r on r.asset_id = k.asset_id and r.item_id = k.item_id
      and r.start_at >= k.month and r.start_at < k.month + interval '1 month'
    join usage_files f on f.id = r.usage_file_id
    where (f.id = ${fileId} and ${COUNTED.includes(fileStatus)}) or (f.id <> ${fileId} and f.status in (${sql.join(COUNTED)}))
    group by r.asset_id, r.item_id, k.month`.execute(db);
}

/** The vendor reads the aggregates of its products; the provider those of its subscriptions. */
export const usageAggregates: Served<UsageAggregate> = {
  decl: usageAggregateResource,
  table: usageAggregateTable,
  owner: () => '',
  scope: (ctx: Ctx) => sql<boolean>`(t.vendor_id = ${ctx.account.id} or t.provider_id = ${ctx.account.id})`,
};
