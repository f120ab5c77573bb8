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

/** The first worksheet's rows, in order, as ExcelJS reads them (values 1-based); the input is closed at the end. */
export async function* firstSheetRows(input: Readable): AsyncGenerator<{ number: number; values: unknown[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let first = true;
  try {
    for await (const sheet of reader) {
      // only the first sheet counts; the others are read through unused, so that ExcelJS lets go of the temporary
      // files it may have parked them in (a sheet stored before the shared strings)
      for await (const row of sheet) if (first) yield { number: row.number, values: row.values as unknown[] };
      first = false;
    }
  } finally {
    input.destroy();
  }
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
