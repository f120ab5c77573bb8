import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { RendererId } from '@trellis/domain';
import type { Cell, ReportColumn, ReportRow } from './definition.ts';

// The file formats a report renders to, written row by row to a file (in the report thread): memory does not grow
// with the report. xlsx: one sheet "Report" with a bold header row; csv: RFC 4180 with a header row; json: an
// array of objects by column key.

export const RENDERER_TYPES: Record<RendererId, { contentType: string; ext: string }> = {
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  csv: { contentType: 'text/csv', ext: 'csv' },
  json: { contentType: 'application/json', ext: 'json' },
};

export interface RowWriter {
  write(row: ReportRow): Promise<void>;
  end(): Promise<void>;
}

/** Writes text, waiting when the file's buffer is full. */
function textFile(path: string) {
  const out: WriteStream = createWriteStream(path);
  return {
    async put(text: string) {
      if (!out.write(text)) await once(out, 'drain');
    },
    async close() {
      out.end();
      await once(out, 'finish');
    },
  };
}

const csvCell = (v: Cell) => {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export async function openWriter(renderer: RendererId, path: string, columns: ReportColumn[]): Promise<RowWriter> {
  if (renderer === 'csv') {
    const f = textFile(path);
    await f.put(`${columns.map((c) => csvCell(c.title)).join(',')}\r\n`);
    return {
      write: (row) => f.put(`${columns.map((c) => csvCell(row[c.key] ?? null)).join(',')}\r\n`),
      end: () => f.close(),
    };
  }
  if (renderer === 'json') {
    const f = textFile(path);
    let first = true;
    await f.put('[');
    return {
      async write(row) {
        const obj = Object.fromEntries(columns.map((c) => [c.key, row[c.key] ?? null]));
        await f.put(`${first ? '\n' : ',\n'}${JSON.stringify(obj)}`);
        first = false;
      },
      async end() {
        await f.put(first ? ']\n' : '\n]\n');
        await f.close();
      },
    };
  }
  // exceljs is large: loaded only when a workbook is written (a csv or json report, or a check, starts faster)
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true });
  const sheet = book.addWorksheet('Report');
  sheet.columns = columns.map((c) => ({ header: c.title, key: c.key, width: Math.max(12, c.title.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    async write(row) {
      sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, row[c.key] ?? null]))).commit();
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}
