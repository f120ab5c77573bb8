import { sql } from 'kysely';
import type { UsageFile } from '@trellis/domain';
import type { Db } from '../../resources/engine.ts';
import type { UsageItem } from '../catalog/public.ts';
import type { GoodRow } from './row-check.ts';

// Good rows become usage records in large batches: one `insert … select … from unnest(…)` per batch, the record
// object (`data`) built by the database from the columns, so a row costs a few array slots here and no JSON.
// Batches are written while the next ones are parsed. Writing a record (its jsonb, the heap, seven indexes) costs
// PostgreSQL about twice what parsing its row costs here (bench/usage.ts), so two batches are written at once, each
// on its own connection: PostgreSQL then works on both cores while the parser waits, instead of on one.

/**
 * Rows per insert. PostgreSQL's cost per row is the same from 1000 to 20,000 (bench/usage.ts); a smaller batch lives
 * shorter in the server's heap: with 5000 its garbage reached the old generation and a 1M-row file grew the server's
 * RSS by 230 MB, with 1000 by 150 MB.
 */
export const RECORD_BATCH_ROWS = 1000;
/** Batches being written at once (on PGlite's single connection they simply queue). */
export const RECORD_BATCHES_IN_FLIGHT = 2;

/** A record's id: the file's digits and the row (one record per row; reprocessing replaces them). */
export const recordIdPrefix = (fileId: string) => `${fileId.replace(/^UF-/, 'UR-')}-`;

class Batch {
  rows: number[] = [];
  recordIds: string[] = [];
  notes: string[] = [];
  items: number[] = [];
  assets: string[] = [];
  externalIds: (string | null)[] = [];
  externalUids: (string | null)[] = [];
  hubs: (string | null)[] = [];
  starts: string[] = [];
  ends: string[] = [];
  usages: string[] = [];
  amounts: (string | null)[] = [];
  tiers: (number | null)[] = [];
  categories: (string | null)[] = [];

  push(r: GoodRow) {
    this.rows.push(r.row);
    this.recordIds.push(r.record_id);
    this.notes.push(r.record_note);
    this.items.push(r.item);
    this.assets.push(r.asset.id);
    this.externalIds.push(r.asset.external_id);
    this.externalUids.push(r.asset.external_uid);
    this.hubs.push(r.asset.hub_id);
    this.starts.push(r.start);
    this.ends.push(r.end);
    this.usages.push(String(r.usage));
    this.amounts.push(r.amount === null ? null : String(r.amount));
    this.tiers.push(r.tier);
    this.categories.push(r.category);
  }
}

export class RecordWriter {
  private batch = new Batch();
  private pending: Promise<void>[] = [];
  private readonly items: string;
  private readonly created = new Date().toISOString();
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly file: UsageFile,
    items: UsageItem[],
    private readonly batchRows = RECORD_BATCH_ROWS,
    private readonly maxInFlight = RECORD_BATCHES_IN_FLIGHT,
  ) {
    this.items = JSON.stringify(items);
  }

  /**
   * Add a row. When that fills a batch, the batch is sent and the answer is a promise to wait for before adding more
   * (it resolves once fewer than `maxInFlight` batches are being written); otherwise nothing to wait for.
   */
  add(r: GoodRow): Promise<void> | undefined {
    this.batch.push(r);
    return this.batch.rows.length >= this.batchRows ? this.send() : undefined;
  }

  /** Send what is left and wait until everything is written. */
  async finish(): Promise<number> {
    if (this.batch.rows.length) await this.send();
    await Promise.all(this.pending);
    return this.written;
  }

  /** Wait until nothing is in flight, whatever its outcome (before the file's records are cleared). */
  async settle(): Promise<void> {
    await Promise.allSettled(this.pending);
    this.pending = [];
  }

  private async send() {
    const b = this.batch;
    this.batch = new Batch();
    // at most `maxInFlight` batches are written at once (each on its own connection); wait for the oldest beyond that
    while (this.pending.length >= this.maxInFlight) await this.pending.shift();
    const p = this.insert(b).then(() => {
      this.written += b.rows.length;
    });
    // its failure is read by a later send, finish() or settle(); until then it is not an unhandled rejection
    p.catch(() => undefined);
    this.pending.push(p);
  }

  private insert(b: Batch) {
    const f = this.file;
    const usagefile = JSON.stringify({ id: f.id, name: f.name, schema: f.schema, currency: f.currency });
    return sql`insert into usage_records (id, usage_file_id, vendor_id, provider_id, product_id, asset_id,
        asset_external_id, asset_external_uid, item_id, hub_id, schema, status, record_id, "row", start_at, end_at,
        usage, created_at, data)
      select r.id, ${f.id}, ${f.vendor.id}, ${f.provider.id}, ${f.product.id}, u.asset_id, u.external_id,
        u.external_uid, r.item ->> 'id', u.hub_id, ${f.schema}, 'valid', u.record_id, u.row_no,
        u.start_date::timestamptz, u.end_date::timestamptz, u.usage, ${this.created}::timestamptz,
        jsonb_build_object(
          'id', r.id, 'record_id', u.record_id, 'record_note', u.note, 'status', 'valid', 'row', u.row_no,
          'start_date', u.start_date, 'end_date', u.end_date, 'product_id', ${f.product.id}::text,
          'item_id', r.item ->> 'id', 'asset_id', u.asset_id, 'asset_external_id', u.external_id,
          'asset_external_uid', u.external_uid, 'item', r.item,
          'asset', jsonb_build_object('id', u.asset_id, 'external_id', u.external_id, 'external_uid', u.external_uid),
          'usagefile', ${usagefile}::jsonb,
          'hub', case when u.hub_id is null then null else jsonb_build_object('id', u.hub_id) end,
          'usage', u.usage, 'multiplier', 1, 'created', ${this.created}::text)
          -- absent values are left out, as the wire leaves them out (http/wire.ts): fewer keys to build and store
          || case when u.category is null and u.tier is null and u.amount is null then '{}'::jsonb
            else jsonb_strip_nulls(jsonb_build_object('category', u.category, 'tier', u.tier, 'amount', u.amount)) end
      from unnest(${b.rows}::int[], ${b.recordIds}::text[], ${b.notes}::text[], ${b.items}::int[],
          ${b.assets}::text[], ${b.externalIds}::text[], ${b.externalUids}::text[], ${b.hubs}::text[],
          ${b.starts}::text[], ${b.ends}::text[], ${b.usages}::numeric[], ${b.amounts}::numeric[], ${b.tiers}::int[],
          ${b.categories}::text[])
        as u(row_no, record_id, note, item_no, asset_id, external_id, external_uid, hub_id, start_date, end_date,
          usage, amount, tier, category)
      cross join lateral (select ${recordIdPrefix(f.id)}::text || lpad(u.row_no::text, 7, '0') as id,
        ${this.items}::jsonb -> u.item_no as item) r`.execute(this.db);
  }
}
