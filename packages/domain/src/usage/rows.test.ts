import { describe, expect, it } from 'vitest';
import { cellNumber, cellText, cellTime, fitsPrecision, USAGE_SHEET_MESSAGES } from './rows.ts';

describe('usage spreadsheet cells', () => {
  it('reads date cells, date serial numbers (1900 and 1904 workbooks) and ISO text as the same instant', () => {
    const at = Date.parse('2026-03-15T12:30:00Z');
    expect(cellTime(new Date(at))).toBe(at);
    // 2026-03-15 12:30 is day 46096.5208333… of the 1900 date system
    expect(cellTime(46096 + 12.5 / 24)).toBe(at);
    expect(cellTime(46096 - 1462 + 12.5 / 24, { date1904: true })).toBe(at);
    expect(cellTime('2026-03-15T12:30:00')).toBe(at);
    expect(cellTime('2026-03-15T14:30:00+02:00')).toBe(at);
    expect(cellTime({ formula: 'A1', result: 46096 + 12.5 / 24 })).toBe(at);
    expect(cellTime('yesterday')).toBeNaN();
    expect(cellTime(null)).toBeNaN();
  });

  it('reads numbers and text', () => {
    expect(cellNumber(' 12.5 ')).toBe(12.5);
    expect(cellNumber('')).toBeNaN();
    expect(cellNumber('ten')).toBeNaN();
    expect(cellText({ richText: [{ text: 'rec' }, { text: '-1 ' }] })).toBe('rec-1');
    expect(cellText(7)).toBe('7');
  });

  it('checks quantities against the item precision', () => {
    expect(fitsPrecision(3, 'integer')).toBe(true);
    expect(fitsPrecision(3.5, 'integer')).toBe(false);
    expect(fitsPrecision(1.2, 'decimal(1)')).toBe(true);
    expect(fitsPrecision(1.25, 'decimal(1)')).toBe(false);
  });

  it('summarises bad rows in one sentence', () => {
    expect(USAGE_SHEET_MESSAGES.badRows(2, 10)).toBe('2 of 10 rows have errors; download the processed file.');
    expect(USAGE_SHEET_MESSAGES.badRows(1, 1)).toBe('1 of 1 row has errors; download the processed file.');
  });
});
