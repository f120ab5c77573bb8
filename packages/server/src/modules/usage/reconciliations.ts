import { sql } from 'kysely';
import { reconciliationResource, type Reconciliation } from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import type { Served } from '../../resources/engine.ts';
import { refreshAggregates } from './aggregates.ts';
import { closedBy, outdateChunks, syncClosedCount } from './records.ts';
import { reconciliationTable } from './tables.ts';

// Reconciliations (reference /usage/reconciliations): the provider's own account of an accepted usage file, uploaded
// (reconciliation-routes.ts) and matched record by record by the reconciliation job (reconcile-job.ts). Closing one
// closes, as billed, the records its rows matched, with the billing references those rows give.

/** The vendor and the provider of the usage file read its reconciliations. */
export const reconciliationVisible = (ctx: Ctx) =>
  sql<boolean>`(t.vendor_id = ${ctx.account.id} or t.provider_id = ${ctx.account.id})`;

export const reconciliations: Served<Reconciliation> = {
  decl: reconciliationResource,
  table: reconciliationTable,
  owner: (r) => r.provider.id,
  scope: (ctx) => reconciliationVisible(ctx),
  actions: {
    async close(ctx, r, _body, _params, db) {
      // only records still approved: one closed meanwhile (by its chunk, or one by one) keeps its own billing data
      const { rows } = await sql<{
        hub_id: string | null;
      }>`with closed as (update usage_records u set status = 'closed',
          data = u.data || jsonb_build_object('closed_at', ${new Date().toISOString()}::text,
            'closed_by', ${closedBy(ctx)}::text,
            'external_billing_id', coalesce(to_jsonb(x.external_billing_id), u.data -> 'external_billing_id'),
            'external_billing_note', coalesce(to_jsonb(x.external_billing_note), u.data -> 'external_billing_note'))
        from usage_reconciliation_rows x
        where x.reconciliation_id = ${r.id} and x.result = 'matched' and u.id = x.usage_record_id
          and u.usage_file_id = ${r.usagefile.id} and u.status = 'approved'
        returning u.hub_id)
        select distinct hub_id from closed`.execute(db);
      if (rows.length) {
        await outdateChunks(
          db,
          r.usagefile.id,
          rows.map((h) => h.hub_id),
        );
        const file = await db
          .selectFrom('usage_files')
          .select('status')
          .where('id', '=', r.usagefile.id)
          .executeTakeFirstOrThrow();
        await refreshAggregates(db, r.usagefile.id, file.status);
        await syncClosedCount(db, r.usagefile.id);
      }
      return r;
    },
  },
};
