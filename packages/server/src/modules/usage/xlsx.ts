import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
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

/** Random access to a stored file (FileStore.openRandom): a ZIP is read from its central directory at the end. */
export interface RandomAccess {
  size: number;
  /** The bytes from `start` to `end` (inclusive; to the end of the file when absent). */
  range(start: number, end?: number): Readable;
}

/**
 * Read one sheet of a workbook (`null`: the first sheet, whatever its name). `dates`: apply cell formats, so date
 * cells read as dates (costs a style lookup per cell; without it a date cell reads as its serial number, which
 * `cellTime` understands).
 *
 * ExcelJS's streaming WorkbookReader reads the ZIP front to back in one pass, and then loses the last entry now and
 * then (exceljs#3064): ExcelJS writes `xl/workbook.xml` last, and a file read without it fails with "Cannot read
 * properties of undefined (reading 'sheets')". So the ZIP is read from its central directory (unzipper), and the
 * reader's own parts are fed in the order it needs them: the relationships, the workbook (sheet names, the 1904
 * date system), the shared strings, the styles, then the one sheet, streamed row by row with backpressure. The
 * other sheets are never read (the single pass wrote each one to a temporary file first).
 */
export function readSheet(source: RandomAccess, sheet: string | null, opts: { dates?: boolean } = {}): SheetReading {
  const reader: any = new ExcelJS.stream.xlsx.WorkbookReader(null as any, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: opts.dates ? 'cache' : 'ignore',
    entries: 'ignore',
  });
  let found = false;
  let lastRow: number | null = null;
  async function* rows(): AsyncGenerator<SheetRow[]> {
    let entry: Readable | null = null;
    try {
      const dir = await unzipper.Open.custom({
        size: async () => source.size,
        // unzipper's `length` is where the range ends (Open.file reads it so)
        stream: (offset: number, length?: number) => source.range(offset, length ? offset + length : undefined),
      } as any);
      const files = new Map(dir.files.map((f) => [f.path.replace(/^\//, ''), f]));
      const part = (path: string) => files.get(path)?.stream();
      const rels = part('xl/_rels/workbook.xml.rels');
      const workbook = part('xl/workbook.xml');
      if (!rels || !workbook) throw new UnreadableWorkbook('it holds no workbook');
      await reader._parseRels(rels);
      await reader._parseWorkbook(workbook);
      const strings = part('xl/sharedStrings.xml');
      if (strings) for await (const _ of reader._parseSharedStrings(strings));
      reader.sharedStrings ??= [];
      const styles = opts.dates ? part('xl/styles.xml') : undefined;
      if (styles) await reader._parseStyles(styles);
      const wanted = sheetPath(reader, sheet);
      if (!wanted) return;
      entry = part(wanted.path) ?? null;
      if (!entry) throw new UnreadableWorkbook(`its sheet ${wanted.path} is missing`);
      found = true;
      for (const { value: ws } of reader._parseWorksheet(entry, wanted.no) as Iterable<{ value: any }>) {
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
      entry?.destroy();
    }
  }
  return {
    rows: rows(),
    found: () => found,
    lastRow: () => lastRow,
    date1904: () => Boolean(reader.properties?.model?.date1904 ?? reader.properties?.date1904),
  };
}

/** Where a sheet is in the ZIP: by name (or the first sheet), through the workbook's relationships. */
function sheetPath(reader: any, name: string | null): { path: string; no: string } | null {
  const sheets: { name: string; rId: string }[] = reader.model?.sheets ?? [];
  const wanted = name === null ? sheets[0] : sheets.find((s) => s.name === name);
  const target: string | undefined = (reader.workbookRels ?? []).find((r: any) => r.Id === wanted?.rId)?.Target;
  if (!target) return null;
  // relative to xl/ (worksheets/sheet1.xml) or absolute (/xl/worksheets/sheet1.xml)
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  return { path, no: /(\d+)\.xml$/.exec(path)?.[1] ?? '1' };
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
