import { USAGE_ASSET_CRITERIA, USAGE_ITEM_CRITERIA } from '../catalog/content.ts';

// One row of a usage spreadsheet (sheet `records`, columns USAGE_RECORD_COLUMNS): checked against the file's
// period, the product's items and the subscriptions the file may report on. The server's processing calls this
// for every row; the messages are what the error report and the portal show.

export const USAGE_ROW_MESSAGES = {
  recordId: 'record_id is required.',
  duplicate: (id: string, row: number) => `record_id ${id} repeats row ${row}.`,
  itemCriteria: `item_search_criteria must be one of ${USAGE_ITEM_CRITERIA.join(', ')}.`,
  itemValue: 'item_search_value is required.',
  itemUnknown: (criteria: string, value: string) => `No item of the product has ${criteria} ${value}.`,
  itemNotPpu: (id: string) => `Item ${id} is not pay-per-use; only pay-per-use items take usage.`,
  assetCriteria: `asset_search_criteria must be one of ${USAGE_ASSET_CRITERIA.join(', ')}.`,
  assetValue: 'asset_search_value is required.',
  assetUnknown: (criteria: string, value: string) =>
    `No subscription of the product in this marketplace has ${criteria} ${value}.`,
  assetAmbiguous: (criteria: string, value: string) =>
    `Several subscriptions have ${criteria} ${value}; search by asset.id.`,
  quantity: 'quantity must be a number.',
  negative: 'quantity must not be negative.',
  precision: (precision: string) => `quantity has more decimals than the item's precision (${precision}) allows.`,
  amount: 'amount must be a number.',
  start: 'start_time_utc must be a date and time.',
  end: 'end_time_utc must be a date and time.',
  order: 'end_time_utc must not be before start_time_utc.',
  period: (from: string, to: string) => `The usage must be inside the file's period (${from} to ${to}).`,
  tier: 'tier must be a whole number.',
} as const;

/** What is wrong with an uploaded spreadsheet as a whole (the file's `error_detail`). */
export const USAGE_SHEET_MESSAGES = {
  notWorkbook: (why: string) => `The file is not a readable XLSX workbook (${why}).`,
  noRecordsSheet: 'The workbook has no "records" sheet; fill the usage template of the product.',
  missingColumns: (names: readonly string[]) =>
    `The "records" sheet lacks the column${names.length > 1 ? 's' : ''} ${names.join(', ')}; keep the template's header row.`,
  noRows: 'The "records" sheet has no usage records.',
  badRows: (bad: number, all: number) =>
    `${bad} of ${all} row${all === 1 ? ' has' : 's have'} errors; download the processed file.`,
  failed: (why: string) => `Processing failed: ${why}. Reprocess the file or upload it again.`,
} as const;

/** The columns of the records sheet a row cannot do without. */
export const USAGE_REQUIRED_COLUMNS = [
  'record_id',
  'item_search_criteria',
  'item_search_value',
  'quantity',
  'start_time_utc',
  'end_time_utc',
  'asset_search_criteria',
  'asset_search_value',
] as const;

/** Whether a quantity fits an item precision (`integer`, `decimal(n)`). */
export function fitsPrecision(value: number, precision: string): boolean {
  if (precision === 'integer') return Number.isInteger(value);
  const m = /^decimal\((\d+)\)$/.exec(precision);
  if (!m) return true;
  const places = Number(m[1]);
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A spreadsheet cell as a number: numbers as they are, numeric text parsed; anything else NaN. */
export function cellNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v.trim());
  if (v && typeof v === 'object' && 'result' in v) return cellNumber((v as { result: unknown }).result);
  return NaN;
}

const DAY_MS = 86_400_000;
/** Days from the spreadsheet epoch (1899-12-30, or 1904-01-01 in 1904 workbooks) to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;
const DATE_1904_OFFSET = 1_462;

/**
 * A spreadsheet cell as an instant (ms): date cells, date serial numbers (what a date cell holds when the reader does
 * not apply the cell's format; days since the workbook's epoch, UTC), or ISO 8601 text (UTC when no zone is given).
 */
export function cellTime(v: unknown, opts: { date1904?: boolean } = {}): number {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return NaN;
    const serial = opts.date1904 ? v + DATE_1904_OFFSET : v;
    return Math.round((serial - UNIX_EPOCH_SERIAL) * DAY_MS);
  }
  if (typeof v === 'string' && v.trim() !== '') {
    const s = v.trim();
    return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) || !s.includes('T') ? s : `${s}Z`);
  }
  if (v && typeof v === 'object' && 'result' in v) return cellTime((v as { result: unknown }).result, opts);
  return NaN;
}

/** A spreadsheet cell as trimmed text ('' when empty). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('text' in v) return cellText((v as { text: unknown }).text);
    if ('result' in v) return cellText((v as { result: unknown }).result);
    if ('richText' in v)
      return (v as { richText: { text: string }[] }).richText
        .map((r) => r.text)
        .join('')
        .trim();
  }
  return String(v).trim();
}
