import { describe, expect, it } from 'vitest';
import { RecordIds } from '../src/modules/usage/record-ids.ts';

describe('record ids of a usage spreadsheet', () => {
  it('answers the first row of a repeated id, exactly, across growth', () => {
    const ids = new RecordIds();
    // beyond every initial capacity (entries, bytes, hash table)
    for (let i = 0; i < 200_000; i++) expect(ids.add(`rec-${i}`, i + 2)).toBeUndefined();
    expect(ids.size).toBe(200_000);
    expect(ids.add('rec-0', 9)).toBe(2);
    expect(ids.add('rec-199999', 9)).toBe(200_001);
    expect(ids.add('rec-123456', 9)).toBe(123_458);
    // prefixes and extensions of a known id are other ids
    expect(ids.add('rec-1234567', 10)).toBeUndefined();
    expect(ids.add('rec-', 11)).toBeUndefined();
    expect(ids.add('rec-1234567', 12)).toBe(10);
    expect(ids.size).toBe(200_002);
  });

  it('compares the bytes of any text', () => {
    const ids = new RecordIds();
    expect(ids.add('Zähler–7 📈', 2)).toBeUndefined();
    expect(ids.add('Zahler–7 📈', 3)).toBeUndefined();
    expect(ids.add('Zähler–7 📈', 4)).toBe(2);
    expect(ids.add('x'.repeat(100_000), 5)).toBeUndefined();
    expect(ids.add('x'.repeat(100_000), 6)).toBe(5);
  });
});
