import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { oneByOne, readSheet, UnreadableWorkbook, type RandomAccess } from '../src/modules/usage/xlsx.ts';

// Reading one sheet of an uploaded workbook (usage files and reconciliations) through the ZIP's central directory.

const inMemory = (bytes: Buffer): RandomAccess => ({
  size: bytes.length,
  range(start, end) {
    const out = new PassThrough();
    out.end(bytes.subarray(start, end === undefined ? undefined : end + 1));
    return out;
  },
});

async function rowsOf(bytes: Buffer, sheet: string | null) {
  const out: unknown[][] = [];
  for await (const row of oneByOne(readSheet(inMemory(bytes), sheet).rows)) out.push(row.values.slice(1));
  return out;
}

async function twoSheets() {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('info').addRow(['about', 'this file']);
  const records = wb.addWorksheet('records');
  records.addRow(['record_id', 'quantity']);
  records.addRow(['rec-1', 1.5]);
  records.addRow(['rec-2', 'shared text']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('readSheet', () => {
  it('reads the named sheet of a workbook ExcelJS wrote (workbook.xml last), every time', async () => {
    // ExcelJS's one-pass reader loses that last entry now and then (exceljs#3064) and then fails to read the file
    const bytes = await twoSheets();
    for (let i = 0; i < 25; i++)
      expect(await rowsOf(bytes, 'records')).toEqual([
        ['record_id', 'quantity'],
        ['rec-1', 1.5],
        ['rec-2', 'shared text'],
      ]);
    expect(await rowsOf(bytes, null)).toEqual([['about', 'this file']]);
  });

  it('answers no rows for a sheet the workbook does not have, and refuses what is no workbook', async () => {
    const missing = readSheet(inMemory(await twoSheets()), 'usage');
    expect(await rowsOf(await twoSheets(), 'usage')).toEqual([]);
    for await (const _ of missing.rows);
    expect(missing.found()).toBe(false);
    await expect(rowsOf(Buffer.from('not a zip at all, just text'), 'records')).rejects.toBeInstanceOf(
      UnreadableWorkbook,
    );
  });
});
