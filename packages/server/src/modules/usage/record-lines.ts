import type { UsageFile } from '@trellis/domain';
import type { UsageItem } from '../catalog/public.ts';
import type { UsageSubscription } from '../fulfillment/public.ts';
import type { GoodRow } from './row-check.ts';

// A good row as the line of its usage record in COPY's text format (record-copy.ts writes them): the columns in
// COPY_COLUMNS order, tab-separated, `\N` for null, backslash, tab and line ends escaped; `data` is the record's
// lean JSON (records.ts RECORD_IN_COLUMNS: what the columns and the file hold). Made where the sheet is parsed (parse-worker.ts).

export const COPY_COLUMNS = [
  'id',
  'usage_file_id',
  'vendor_id',
  'provider_id',
  'product_id',
  'asset_id',
  'asset_external_id',
  'asset_external_uid',
  'item_id',
  'hub_id',
  'schema',
  'status',
  'record_id',
  'row',
  'start_at',
  'end_at',
  'usage',
  'created_at',
  'data',
] as const;

/** A record's id: the file's digits and the row (one record per row; reprocessing replaces them). */
export const recordIdPrefix = (fileId: string) => `${fileId.replace(/^UF-/, 'UR-')}-`;

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A value in COPY's text format. */
export const copyField = (s: string | null): string =>
  s === null ? '\\N' : SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : s;

export class RecordLines {
  private readonly prefix: string;
  /** `\t<file>\t<vendor>\t<provider>\t<product>\t`: what follows every record's id. */
  private readonly fileColumns: string;
  private readonly itemIds: string[];
  private readonly tail: string;
  private readonly created = new Date().toISOString();
  /** Per subscription: its asset columns and its hub column (a file names a few thousand subscriptions). */
  private readonly assets = new WeakMap<UsageSubscription, [string, string]>();

  constructor(file: UsageFile, items: UsageItem[]) {
    const f = copyField;
    this.prefix = recordIdPrefix(file.id);
    this.fileColumns = `\t${f(file.id)}\t${f(file.vendor.id)}\t${f(file.provider.id)}\t${f(file.product.id)}\t`;
    this.itemIds = items.map((i) => f(i.id));
    this.tail = `\t${f(file.schema)}\tvalid\t`;
  }

  line(r: GoodRow): string {
    let asset = this.assets.get(r.asset);
    if (!asset) {
      const a = r.asset;
      const f = copyField;
      asset = [`${f(a.id)}\t${f(a.external_id)}\t${f(a.external_uid)}\t`, `\t${f(a.hub_id)}`];
      this.assets.set(r.asset, asset);
    }
    // what only some records have; JSON escapes its own specials with backslashes, which COPY's text format escapes
    // in turn
    let data = '';
    if (r.record_note) data += `,"record_note":${copyField(JSON.stringify(r.record_note))}`;
    if (r.category !== null) data += `,"category":${copyField(JSON.stringify(r.category))}`;
    if (r.tier !== null) data += `,"tier":${r.tier}`;
    if (r.amount !== null) data += `,"amount":${r.amount}`;
    return (
      `${this.prefix}${String(r.row).padStart(7, '0')}${this.fileColumns}${asset[0]}${this.itemIds[r.item]}${asset[1]}` +
      `${this.tail}${copyField(r.record_id)}\t${r.row}\t${r.start}\t${r.end}\t${r.usage}\t${this.created}\t{${data.slice(1)}}\n`
    );
  }
}
