import type { Writable } from 'node:stream';
import { sql } from 'kysely';
import { USAGE_RECORD_COLUMNS, type UsageChunk, type UsageRecord } from '@trellis/domain';
import type { Database } from '../../db/database.ts';
import { requireCtx } from '../../http/reply.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import { getObject } from '../../resources/engine.ts';
import type { Api } from '../types.ts';
import { usageChunks } from './chunks.ts';
import { recordObject } from './records.ts';
import { sendSheet, sheetWriter } from './xlsx.ts';

// GET /usage/chunks/{id}/download (reference): the chunk's records as a spreadsheet with the usage template's
// columns (so it reads like the file the vendor uploaded) plus each record's status and billing references.
// Written row by row straight into the response.

const DOWNLOAD = '/usage/chunks/:id/download';
const PAGE = 1000;

export const CHUNK_COLUMNS = [
  ...USAGE_RECORD_COLUMNS,
  'status',
  'external_billing_id',
  'external_billing_note',
] as const;

describeRoute('get', DOWNLOAD, {
  summary: "The chunk's usage records as a spreadsheet (XLSX): the usage template's columns, status and billing ids",
  tag: 'usage',
});

/** One record as a row of the chunk's spreadsheet: its item and subscription named by id. */
function recordRow(r: UsageRecord): unknown[] {
  const cells: Record<(typeof CHUNK_COLUMNS)[number], unknown> = {
    record_id: r.record_id,
    record_note: r.record_note,
    item_search_criteria: 'item.id',
    item_search_value: r.item.id,
    amount: r.amount,
    quantity: r.usage,
    start_time_utc: r.start_date,
    end_time_utc: r.end_date,
    asset_search_criteria: 'asset.id',
    asset_search_value: r.asset.id,
    item_name: r.item.name,
    item_mpn: r.item.mpn,
    item_unit: r.item.unit,
    item_precision: r.item.precision,
    category_id: r.category,
    // records keep no reconciliation id of their subscription
    asset_recon_id: null,
    tier: r.tier,
    status: r.status,
    external_billing_id: r.external_billing_id,
    external_billing_note: r.external_billing_note,
  };
  return CHUNK_COLUMNS.map((c) => cells[c] ?? '');
}

/** The chunk's records (its hub's approved and closed records of the file), in file order, page by page. */
async function writeChunk(db: Database, c: UsageChunk, out: Writable) {
  const sheet = sheetWriter(out, 'records', CHUNK_COLUMNS);
  const hub = c.binding.hub?.id ?? null;
  for (let after = -1; ;) {
    let q = db
      .selectFrom('usage_records as t')
      .select(['row', sql<UsageRecord>`${recordObject}`.as('data')])
      .where('usage_file_id', '=', c.usagefile.id)
      .where('status', 'in', ['approved', 'closed'])
      .where('row', '>', after);
    q = hub === null ? q.where('hub_id', 'is', null) : q.where('hub_id', '=', hub);
    const page = await q.orderBy('row').limit(PAGE).execute();
    for (const r of page) sheet.add(recordRow(r.data as UsageRecord));
    if (page.length < PAGE) break;
    after = page[page.length - 1].row;
  }
  await sheet.end();
}

export function chunkDownloadRoutes(api: Api) {
  const { app, db } = api;
  app.get(DOWNLOAD, async (req, reply) => {
    const ctx = requireCtx(req);
    const { id } = req.params as { id: string };
    const c = await getObject(usageChunks, ctx, {}, id, db);
    return sendSheet(reply, `${c.id}.xlsx`, (out) => writeChunk(db, c, out));
  });
}
