import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { USAGE_FILE_ERRORS_KEPT, type UsageFileRowError } from '@trellis/domain';
import { newFileKey, type FileStore } from '../../files/index.ts';
import type { BadRow } from './row-check.ts';
import { readSheet, XLSX_TYPE } from './xlsx.ts';

// The report of an invalid file: the uploaded rows again, each with an `error` column holding its messages, the way
// the reference's processed file works. The bad rows of the first pass go to a temporary file (a spreadsheet may
// have a million of them), which the second pass reads in step with the upload while it writes the report.

export const ERROR_COLUMN = 'error';
/** Messages of one row in its error cell, one per line. */
export const MESSAGE_SEPARATOR = '\n';

/** The bad rows of a file in row order: the first USAGE_FILE_ERRORS_KEPT in memory, all of them on disk. */
export class ErrorSpool {
  count = 0;
  readonly kept: UsageFileRowError[] = [];
  private constructor(
    private readonly dir: string,
    private readonly out: WriteStream,
  ) {}

  static async open(): Promise<ErrorSpool> {
    const dir = await mkdtemp(join(tmpdir(), 'trellis-usage-'));
    return new ErrorSpool(dir, createWriteStream(join(dir, 'errors.jsonl')));
  }

  async add(bad: BadRow) {
    this.count++;
    if (this.kept.length < USAGE_FILE_ERRORS_KEPT) this.kept.push(bad);
    if (!this.out.write(`${JSON.stringify([bad.row, bad.messages])}\n`)) await once(this.out, 'drain');
  }

  /** Every bad row, in the order added (call once, after the first pass). */
  async *read(): AsyncGenerator<[number, string[]]> {
    if (!this.out.writableFinished) {
      this.out.end();
      await once(this.out, 'finish');
    }
    const lines = createInterface({ input: createReadStream(join(this.dir, 'errors.jsonl')), crlfDelay: Infinity });
    for await (const line of lines) if (line) yield JSON.parse(line) as [number, string[]];
  }

  async dispose() {
    this.out.destroy();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Write the processed spreadsheet of an upload into the store; answers its key. */
export async function writeProcessedFile(
  store: FileStore,
  uploadKey: string,
  spool: ErrorSpool,
  name: string,
): Promise<string> {
  const upload = await store.openRandom(uploadKey);
  if (!upload) throw new Error('the uploaded spreadsheet is no longer stored');
  const key = newFileKey('xlsx');
  const out = new PassThrough();
  const stored = store.putStream(key, out, { contentType: XLSX_TYPE, name });
  // a failed write must not leave the reading side waiting (and the store removes a partial file)
  stored.catch(() => undefined);
  try {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet('records', { views: [{ state: 'frozen', ySplit: 1 }] });
    const errors = spool.read();
    let next = await errors.next();
    let errorColumn = 0;
    // the same reading as the first pass, with date formats applied so dates are written back as dates
    const sheet = readSheet(upload, 'records', { dates: true });
    for await (const chunk of sheet.rows) {
      for (const row of chunk) {
        const values = row.values.slice();
        if (!errorColumn) {
          errorColumn = Math.max(values.length, 2);
          values[errorColumn] = ERROR_COLUMN;
        } else {
          while (!next.done && next.value[0] < row.number) next = await errors.next();
          if (!next.done && next.value[0] === row.number) values[errorColumn] = next.value[1].join(MESSAGE_SEPARATOR);
        }
        const written = ws.getRow(row.number);
        written.values = values as ExcelJS.CellValue[];
        written.commit();
      }
    }
    ws.commit();
    await wb.commit();
    await stored;
    return key;
  } catch (e) {
    out.destroy(e as Error);
    await stored.catch(() => undefined);
    await store.delete(key);
    throw e;
  }
}
