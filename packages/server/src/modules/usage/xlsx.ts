import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { cellText } from '@trellis/domain';
import { XLSX_KIND } from '../../files/index.ts';

// Spreadsheets of the usage area, read and written as streams (DESIGN §10: memory does not grow with the file).

export const XLSX_TYPE = XLSX_KIND.contentType;

/** A header row: each known column's 1-based position in the sheet (by name, any order, any case). */
export function headerPositions(values: unknown[], columns: readonly string[]): Record<string, number> {
  const at: Record<string, number> = {};
  values.forEach((v, i) => {
    const name = cellText(v).toLowerCase();
    if ((columns as readonly string[]).includes(name) && at[name] === undefined) at[name] = i;
  });
  return at;
}

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
 * Read one sheet of a workbook from a stream (`null`: the first sheet, whatever its name); the others are read
 * through unparsed. `dates`: apply cell formats, so date cells read as dates (costs a
 * style lookup per cell; without it a date cell reads as its serial number, which `cellTime` understands).
 */
export function readSheet(input: Readable, sheet: string | null, opts: { dates?: boolean } = {}): SheetReading {
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
        if ((sheet !== null && ws.name !== sheet) || found) {
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

/** The rows of a reading one by one (where a per-row await costs nothing worth saving). */
export async function* oneByOne(chunks: AsyncIterable<SheetRow[]>): AsyncGenerator<SheetRow> {
  for await (const chunk of chunks) yield* chunk;
}

/** A workbook written row by row into `out` (one sheet, no styles, inline strings). */
export function sheetWriter(out: Writable, sheetName: string, header: readonly string[]) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName);
  ws.addRow([...header]).commit();
  return {
    add(values: unknown[]) {
      ws.addRow(values).commit();
    },
    async end() {
      ws.commit();
      await wb.commit();
    },
  };
}

/**
 * Stream a spreadsheet that `write` produces straight into the response as an attachment. Refusals (404) happen
 * before this is called; once the first bytes are out, a failure can only cut the download short.
 */
export function sendSheet(
  reply: FastifyReply,
  fileName: string,
  write: (out: Writable) => Promise<void>,
): FastifyReply {
  const out = new PassThrough();
  write(out).catch((e) => {
    reply.log.error({ err: e }, `writing ${fileName} failed`);
    out.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  return sendAttachment(reply, fileName, out);
}

/** A stored or produced spreadsheet as a download. */
export function sendAttachment(reply: FastifyReply, fileName: string, body: Readable, size?: number): FastifyReply {
  const name = fileName.replace(/[^\w.-]+/g, '_');
  reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff');
  if (size !== undefined) reply.header('content-length', size);
  return reply.send(body);
}
