import { sql, type RawBuilder } from 'kysely';
import { USAGE_SUBMITTED, UsageRecordsClose, usageRecordResource, type UsageRecord } from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { requireModule } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import { recordAudit } from '../../resources/audit.ts';
import { parseBody, updateObject, type Db, type Served } from '../../resources/engine.ts';
import type { Api } from '../types.ts';
import { usageRecordTable } from './tables.ts';

// Usage records (reference /usage/records): written in bulk by the processing (process.ts), moved with their file
// by its actions, and closed one by one (or many at once) by the provider once billed.

/** The vendor reads its records; the provider those of files submitted to it. */
export const usageRecordVisible = (ctx: Ctx) =>
  sql<boolean>`(t.vendor_id = ${ctx.account.id} or (t.provider_id = ${ctx.account.id} and t.usage_file_id in
    (select id from usage_files where provider_id = ${ctx.account.id} and status in (${sql.join([...USAGE_SUBMITTED])}))))`;

/** A timestamp column as the API writes times (`toISOString`). */
const isoOf = (col: RawBuilder<unknown>) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The keys of a record that its columns and its file hold: they are not repeated in `data` (records are written in
 * bulk; a file holds the item and its own name and currency once for all its records: usage_files.record_items).
 */
export const RECORD_IN_COLUMNS = [
  'id',
  'record_id',
  'status',
  'row',
  'start_date',
  'end_date',
  'product_id',
  'item_id',
  'item',
  'asset_id',
  'asset_external_id',
  'asset_external_uid',
  'asset',
  'hub',
  'usagefile',
  'multiplier',
  'usage',
  'created',
] as const;

/** A record: `data` (a note, a category, tier and amount, billing), what the columns hold and what its file holds. */
export const recordObject = sql`(t.data || jsonb_build_object('id', t.id, 'record_id', t.record_id, 'status', t.status,
  'row', t."row", 'start_date', ${isoOf(sql`t.start_at`)}, 'end_date', ${isoOf(sql`t.end_at`)},
  'product_id', t.product_id, 'item_id', t.item_id, 'asset_id', t.asset_id, 'asset_external_id', t.asset_external_id,
  'asset_external_uid', t.asset_external_uid,
  'asset', jsonb_build_object('id', t.asset_id, 'external_id', t.asset_external_id, 'external_uid', t.asset_external_uid),
  'hub', case when t.hub_id is null then null else jsonb_build_object('id', t.hub_id) end,
  'record_note', coalesce(t.data -> 'record_note', '""'), 'multiplier', 1,
  'usage', t.usage, 'created', ${isoOf(sql`t.created_at`)})
  || coalesce((select jsonb_build_object('item', f.record_items -> t.item_id, 'usagefile', jsonb_build_object('id', f.id,
    'name', f.name, 'currency', f.data -> 'currency', 'schema', t.schema)) from usage_files f where f.id = t.usage_file_id), '{}'))`;

/** Move every record of a file from one status to another (column and stored object alike). */
export async function setRecordStatus(
  db: Db,
  fileId: string,
  from: string,
  to: string,
  closed?: { at: string; by: string },
) {
  const data = closed
    ? sql`data || jsonb_build_object('closed_at', ${closed.at}::text, 'closed_by', ${closed.by}::text)`
    : sql`data`;
  await sql`update usage_records set status = ${to}, data = ${data}
    where usage_file_id = ${fileId} and status = ${from}`.execute(db);
}

/** Chunks made before some of their records changed no longer match them: the file's chunks of these hubs. */
export async function outdateChunks(db: Db, fileId: string, hubIds: readonly (string | null)[]) {
  const hubs = [...new Set(hubIds.filter((h): h is string => h !== null))];
  const noHub = hubIds.includes(null);
  if (!hubs.length && !noHub) return;
  const ofHubs = hubs.length ? sql`hub_id in (${sql.join(hubs)})` : sql`false`;
  await sql`update usage_chunks set data = jsonb_set(data, '{outdated}', 'true')
    where usage_file_id = ${fileId} and status = 'ready'
    and (${ofHubs} or ${noHub ? sql`hub_id is null` : sql`false`})`.execute(db);
}

/**
 * The file's closed counts after records closed outside its own actions (a record, a chunk, a reconciliation);
 * `pending` counts records the caller closes in this transaction but the engine stores only afterwards.
 */
export async function syncClosedCount(db: Db, fileId: string, pending = 0) {
  await sql`update usage_files f set data = jsonb_set(jsonb_set(f.data, '{stats,closed}', to_jsonb(c.n)),
      '{records,closed}', to_jsonb(c.n))
    from (select count(*) + ${pending}::int as n from usage_records
      where usage_file_id = ${fileId} and status = 'closed') c
    where f.id = ${fileId}`.execute(db);
}

/** A chunk made before one of its records changed no longer matches it. */
const outdateChunk = (db: Db, r: UsageRecord) => outdateChunks(db, r.usagefile.id, [r.hub?.id ?? null]);

/** Who a record's `closed_by` names: the user, else the API token, else the account. */
export const closedBy = (ctx: Ctx) => ctx.user?.name ?? ctx.token?.name ?? ctx.account.name;

function closed(ctx: Ctx, r: UsageRecord, body: { external_billing_id?: string; external_billing_note?: string }) {
  return {
    ...r,
    status: 'closed' as const,
    closed_at: new Date().toISOString(),
    closed_by: closedBy(ctx),
    external_billing_id: body.external_billing_id ?? r.external_billing_id,
    external_billing_note: body.external_billing_note ?? r.external_billing_note,
  };
}

export const usageRecords: Served<UsageRecord> = {
  decl: usageRecordResource,
  table: usageRecordTable,
  columns: {
    product_id: 'product_id',
    'product.id': 'product_id',
    asset_id: 'asset.id',
    asset_external_id: 'asset.external_id',
    asset_external_uid: 'asset.external_uid',
    item_id: 'item.id',
    usage_file: 'usagefile.id',
    part_usage_file__hub__id: 'hub.id',
    usage_start_time: 'start_date',
    created_time: 'created',
  },
  owner: (r) => (r as any).vendor_id ?? '',
  scope: (ctx) => usageRecordVisible(ctx),
  // a file writes a million of them at once: columns that an index leads stay out of the GIN index (the file's
  // btree usage_records_file_row, migrations/0028; the creation time's BRIN, 0031), values the file or the asset
  // hold for all their records are filtered on them, and what the columns and the file hold stays out of `data`
  leanFilterIndex: { led: ['usage_file_id', 'created_at'] },
  through: {
    product_id: { key: 'usage_file_id', table: 'usage_files', target: { column: 'product_id' } },
    schema: { key: 'usage_file_id', table: 'usage_files', target: { json: ['schema'] } },
    asset_external_id: { key: 'asset_id', table: 'assets', target: { column: 'external_id' } },
    asset_external_uid: { key: 'asset_id', table: 'assets', target: { column: 'external_uid' } },
  },
  composed: { object: recordObject, inColumns: RECORD_IN_COLUMNS },
  actions: {
    async close(ctx, r, body, _params, db) {
      await outdateChunk(db, r);
      await syncClosedCount(db, r.usagefile.id, 1);
      return closed(ctx, r, body);
    },
  },
};

/** POST /usage/records/close-records: close many approved records; answers each record's outcome (206). */
describeRoute('post', '/usage/records/close-records', {
  summary: 'Close approved usage records of files submitted to the caller, each with its billing reference (206)',
  tag: 'usage',
  body: UsageRecordsClose,
  status: 206,
});

export function recordRoutes(api: Api) {
  api.app.post('/usage/records/close-records', async (req, reply) => {
    const ctx = requireCtx(req);
    requireModule(ctx, usageRecordResource.module);
    if (ctx.account.type !== 'provider') throw ApiError.forbidden('Only the provider closes usage records.');
    const body = parseBody(UsageRecordsClose, req.body);
    const out = await api.db.transaction().execute(async (trx) => {
      const ids = body.map((b) => b.id);
      const { rows } = await sql<{ data: UsageRecord; vendor_id: string }>`select ${recordObject} as data, t.vendor_id
        from usage_records t where t.id in (${sql.join(ids)}) and t.provider_id = ${ctx.account.id}
        and ${usageRecordVisible(ctx)} for update`.execute(trx);
      const found = new Map(rows.map((r) => [r.data.id, r]));
      const files = new Set<string>();
      const results = [];
      for (const item of body) {
        const row = found.get(item.id);
        if (!row) {
          results.push({ id: item.id, status: 'invalid', error_codes: 'USG_001', error_details: 'Record not found.' });
          continue;
        }
        if (row.data.status !== 'approved') {
          results.push({
            id: item.id,
            status: row.data.status,
            error_codes: 'USG_002',
            error_details: `Record is ${row.data.status}; only approved records are closed.`,
          });
          continue;
        }
        const next = closed(ctx, row.data, item);
        // stored as the engine stores it: the columns, and in `data` what they do not hold
        await updateObject(usageRecords, next, trx);
        await outdateChunk(trx, row.data);
        await recordAudit(trx, ctx, {
          res: usageRecords,
          objectId: item.id,
          action: 'close',
          owner: row.vendor_id,
          before: { status: 'approved' },
          after: { status: 'closed' },
        });
        files.add(row.data.usagefile.id);
        results.push({ id: item.id, status: 'closed', error_codes: '', error_details: '' });
      }
      for (const f of files) await syncClosedCount(trx, f);
      return results;
    });
    return reply.code(206).send(out);
  });
}
