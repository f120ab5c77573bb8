import {
  cellNumber,
  cellText,
  cellTime,
  fitsPrecision,
  USAGE_ITEM_CRITERIA,
  USAGE_ROW_MESSAGES as M,
  type UsageFile,
} from '@trellis/domain';
import type { UsageItem } from '../catalog/public.ts';
import type { UsageSubscription } from '../fulfillment/public.ts';
import { RecordIds } from './record-ids.ts';

// One data row of the records sheet checked against the file: the item among the product's items, the subscription
// among the product's subscriptions in the file's marketplace (both looked up in Maps made once per file), the
// period, the quantity and the uniqueness of the record id. The messages are the domain's (USAGE_ROW_MESSAGES).

/** A row that passed every check: what its usage record is made of. */
export interface GoodRow {
  row: number;
  record_id: string;
  record_note: string;
  /** Index of the item in Lookups.items. */
  item: number;
  asset: UsageSubscription;
  start: string;
  end: string;
  usage: number;
  amount: number | null;
  tier: number | null;
  category: string | null;
}
export interface BadRow {
  row: number;
  record_id: string;
  messages: string[];
}

type Many<T> = Map<string, T[]>;
const NONE: Many<never> = new Map();
const add = <T>(m: Many<T>, key: string | null | undefined, v: T) => {
  if (!key) return;
  const list = m.get(key);
  if (list) list.push(v);
  else m.set(key, [v]);
};

/** Columns of the sheet by name → their 1-based position in a row's values. */
export type ColumnIndex = Partial<Record<string, number>>;

export class RowChecker {
  readonly items: UsageItem[];
  /** criteria (`item.mpn`, `asset.external_id`, …) → value → matches; Maps, so no criteria reads an object's keys. */
  private readonly itemsBy = new Map<string, Many<number>>();
  private readonly assetsBy = new Map<string, Many<UsageSubscription>>();
  /** parameter id → value → subscriptions. */
  private readonly params = new Map<string, Many<UsageSubscription>>();
  private readonly ids = new RecordIds();
  private readonly from: number;
  private readonly to: number;
  private readonly period: string;
  private readonly mapped: number[];
  /** asset_search_criteria → where to look it up (criteria repeat on every row: parsed once). */
  private readonly assetLookups = new Map<string, Many<UsageSubscription> | null>();
  /** Instants → ISO text: a file's rows share a few start and end times. */
  private readonly isoTimes = new Map<number, string>();

  constructor(
    file: Pick<UsageFile, 'period'>,
    items: UsageItem[],
    subscriptions: UsageSubscription[],
    private readonly cols: ColumnIndex,
    private readonly date1904 = false,
  ) {
    this.items = items;
    const [byId, byMpn, byLocalId] = USAGE_ITEM_CRITERIA.map((c) => this.itemsBy.set(c, new Map()).get(c)!);
    items.forEach((i, n) => {
      add(byId, i.id, n);
      add(byMpn, i.mpn, n);
      add(byLocalId, i.local_id, n);
    });
    const [assetId, externalId, externalUid] = ['asset.id', 'asset.external_id', 'asset.external_uid'].map((c) =>
      this.assetsBy.set(c, new Map()).get(c)!,
    );
    for (const s of subscriptions) {
      add(assetId, s.id, s);
      add(externalId, s.external_id, s);
      add(externalUid, s.external_uid, s);
      for (const p of s.params) {
        let byValue = this.params.get(p.id);
        if (!byValue) this.params.set(p.id, (byValue = new Map()));
        add(byValue, p.value, s);
      }
    }
    this.from = Date.parse(file.period.from);
    this.to = Date.parse(file.period.to);
    this.period = M.period(file.period.from, file.period.to);
    this.mapped = Object.values(cols).filter((i): i is number => i !== undefined);
  }

  private iso(ms: number): string {
    let s = this.isoTimes.get(ms);
    if (s === undefined) {
      if (this.isoTimes.size >= 10_000) this.isoTimes.clear();
      this.isoTimes.set(ms, (s = new Date(ms).toISOString()));
    }
    return s;
  }

  private cell(values: unknown[], name: string): unknown {
    const i = this.cols[name];
    return i === undefined ? undefined : values[i];
  }

  /** Whether a row has nothing in any column the sheet maps (a formatted but empty row). */
  isEmpty(values: unknown[]): boolean {
    for (const i of this.mapped) {
      const v = values[i];
      if (v === undefined || v === null) continue;
      if (typeof v === 'string' ? v.trim() !== '' : cellText(v) !== '') return false;
    }
    return true;
  }

  check(row: number, values: unknown[]): GoodRow | BadRow {
    const errors: string[] = [];
    const recordId = cellText(this.cell(values, 'record_id'));
    if (!recordId) errors.push(M.recordId);
    else {
      const first = this.ids.add(recordId, row);
      if (first !== undefined) errors.push(M.duplicate(recordId, first));
    }

    const item = this.item(values, errors);
    const asset = this.asset(values, errors);

    const quantityCell = this.cell(values, 'quantity');
    const usage = cellNumber(quantityCell);
    if (Number.isNaN(usage)) errors.push(M.quantity);
    else if (usage < 0) errors.push(M.negative);
    else if (item !== null && !fitsPrecision(usage, this.items[item].precision))
      errors.push(M.precision(this.items[item].precision));

    const amountCell = this.cell(values, 'amount');
    let amount: number | null = null;
    if (cellText(amountCell) !== '') {
      amount = cellNumber(amountCell);
      if (Number.isNaN(amount)) errors.push(M.amount);
    }

    const opts = { date1904: this.date1904 };
    const start = cellTime(this.cell(values, 'start_time_utc'), opts);
    const end = cellTime(this.cell(values, 'end_time_utc'), opts);
    if (Number.isNaN(start)) errors.push(M.start);
    if (Number.isNaN(end)) errors.push(M.end);
    if (!Number.isNaN(start) && !Number.isNaN(end)) {
      if (end < start) errors.push(M.order);
      if (start < this.from || end > this.to) errors.push(this.period);
    }

    const tierCell = this.cell(values, 'tier');
    let tier: number | null = null;
    if (cellText(tierCell) !== '') {
      tier = cellNumber(tierCell);
      if (!Number.isInteger(tier)) errors.push(M.tier);
    }

    if (errors.length) return { row, record_id: recordId, messages: errors };
    return {
      row,
      record_id: recordId,
      record_note: cellText(this.cell(values, 'record_note')),
      item: item!,
      asset: asset!,
      start: this.iso(start),
      end: this.iso(end),
      usage,
      amount,
      tier,
      category: cellText(this.cell(values, 'category_id')) || null,
    };
  }

  private item(values: unknown[], errors: string[]): number | null {
    const criteria = cellText(this.cell(values, 'item_search_criteria'));
    const value = cellText(this.cell(values, 'item_search_value'));
    const by = this.itemsBy.get(criteria);
    if (!by) {
      errors.push(M.itemCriteria);
      return null;
    }
    if (!value) {
      errors.push(M.itemValue);
      return null;
    }
    const found = by.get(value);
    if (!found) {
      errors.push(M.itemUnknown(criteria, value));
      return null;
    }
    const item = this.items[found[0]];
    if (item.type !== 'ppu') {
      errors.push(M.itemNotPpu(item.id));
      return null;
    }
    return found[0];
  }

  private asset(values: unknown[], errors: string[]): UsageSubscription | null {
    const criteria = cellText(this.cell(values, 'asset_search_criteria'));
    const value = cellText(this.cell(values, 'asset_search_value'));
    let by = this.assetLookups.get(criteria);
    if (by === undefined) {
      // parameter.<id>: the subscription whose parameter <id> has the value
      const param = /^parameter\.(.+)$/.exec(criteria)?.[1];
      by = (param !== undefined ? (this.params.get(param) ?? NONE) : this.assetsBy.get(criteria)) ?? null;
      // a handful of criteria in a file; one that names something else each row is not kept
      if (this.assetLookups.size < 64) this.assetLookups.set(criteria, by);
    }
    if (!by) {
      errors.push(M.assetCriteria);
      return null;
    }
    if (!value) {
      errors.push(M.assetValue);
      return null;
    }
    const found = by.get(value);
    if (!found) {
      errors.push(M.assetUnknown(criteria, value));
      return null;
    }
    if (found.length > 1) {
      errors.push(M.assetAmbiguous(criteria, value));
      return null;
    }
    return found[0];
  }
}
