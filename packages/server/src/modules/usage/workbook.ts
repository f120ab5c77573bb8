import ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';

// Streaming reads of an uploaded XLSX: ExcelJS's WorkbookReader parses the ZIP and the sheet XML as they arrive, so a
// spreadsheet of a million rows is never held whole. Only the named sheet is parsed; the others are skipped unread.

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Every XLSX is a ZIP archive: its first bytes are a local file header. */
export const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** One row of the sheet: its number in the spreadsheet and its cell values by column (1-based, sparse). */
export interface SheetRow {
  number: number;
  values: unknown[];
}

/** A sheet could not be found or read: the message says which, for the file's error detail. */
export class UnreadableWorkbook extends Error {}

export interface SheetReading {
  /**
   * Rows of the sheet in order, the header included, as they come out of the parser: a few hundred at a time (one
   * chunk of XML), so a caller loops over each chunk's rows without awaiting between them.
   */
  rows: AsyncGenerator<SheetRow[]>;
  /** Whether the sheet was found (known once `rows` is done). */
  found(): boolean;
  /** The last row number the sheet's `<dimension>` states, when it states one (known once rows start). */
  lastRow(): number | null;
  /** 1904 date system (old Mac workbooks): date serials count from 1904-01-01. */
  date1904(): boolean;
}

/**
 * Read one sheet of a workbook from a stream. `dates`: apply cell formats, so date cells read as dates (costs a
 * style lookup per cell; without it a date cell reads as its serial number, which `cellTime` understands).
 */
export function readSheet(input: Readable, sheet: string, opts: { dates?: boolean } = {}): SheetReading {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: opts.dates ? 'cache' : 'ignore',
    entries: 'ignore',
  });
  let found = false;
  let lastRow: number | null = null;
  async function* rows(): AsyncGenerator<SheetRow[]> {
    try {
      for await (const ws of reader as AsyncIterable<any>) {
        if (ws.name !== sheet || found) {
          // skipped unparsed: its bytes are only read through
          for await (const _chunk of ws.iterator as AsyncIterable<unknown>);
          continue;
        }
        found = true;
        ws.iterator = peekDimension(ws.iterator, (last) => (lastRow = last));
        // the parser's own chunks of events (what its row iterator unrolls one await per row)
        for await (const events of ws.parse() as AsyncIterable<{ eventType: string; value: any }[]>) {
          const chunk: SheetRow[] = [];
          for (const e of events)
            if (e.eventType === 'row') chunk.push({ number: e.value.number, values: e.value.values });
          if (chunk.length) yield chunk;
        }
      }
    } catch (e) {
      throw e instanceof UnreadableWorkbook ? e : new UnreadableWorkbook(e instanceof Error ? e.message : String(e));
    } finally {
      input.destroy();
    }
  }
  return {
    rows: rows(),
    found: () => found,
    lastRow: () => lastRow,
    date1904: () => Boolean((reader as any).properties?.model?.date1904 ?? (reader as any).properties?.date1904),
  };
}

const DIMENSION = /<(?:\w+:)?dimension\s+ref="[A-Z]*\d+(?::[A-Z]*(\d+))?"/;
const SHEET_DATA = /<(?:\w+:)?sheetData[\s>/]/;

/** Pass the sheet's XML through, noting the last row its `<dimension ref="A1:Q1001"/>` (before the rows) names. */
async function* peekDimension(source: AsyncIterable<Buffer | string>, found: (lastRow: number) => void) {
  let head = '';
  let looking = true;
  for await (const chunk of source) {
    if (looking) {
      head += chunk.toString();
      const m = DIMENSION.exec(head);
      if (m) found(Number(m[1] ?? 1));
      if (m || SHEET_DATA.test(head) || head.length > 1 << 16) {
        looking = false;
        head = '';
      }
    }
    yield chunk;
  }
}
