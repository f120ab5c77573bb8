import type { UsageFile } from '@trellis/domain';
import type { UsageItem } from '../catalog/public.ts';

// Usage per item over a whole file, summed while its rows are read (reading a million records back to sum them took
// longer than a fifth of their processing). Quantities are summed exactly: each is a whole number of the item's
// smallest step (its precision, checked per row), added up as integers.

const STEP = /^decimal\((\d+)\)$/;
/** Past this a running sum is moved into a BigInt, before doubles stop counting exactly (2^53). */
const FLUSH = 1e15;

export class ItemTotals {
  private readonly scale: number[];
  private readonly records: number[];
  private readonly small: number[];
  private readonly big: bigint[];

  constructor(private readonly items: UsageItem[]) {
    this.scale = items.map((i) => 10 ** Number(STEP.exec(i.precision)?.[1] ?? 0));
    this.records = items.map(() => 0);
    this.small = items.map(() => 0);
    this.big = items.map(() => 0n);
  }

  add(item: number, usage: number) {
    this.records[item]++;
    const s = (this.small[item] += Math.round(usage * this.scale[item]));
    if (s > FLUSH) {
      this.big[item] += BigInt(s);
      this.small[item] = 0;
    }
  }

  /** The items that have records, in id order, as the file shows them. */
  totals(): UsageFile['items'] {
    return this.items
      .map((i, n) => ({ i, n }))
      .filter(({ n }) => this.records[n] > 0)
      .sort((a, b) => (a.i.id < b.i.id ? -1 : 1))
      .map(({ i, n }) => ({
        id: i.id,
        name: i.name,
        mpn: i.mpn,
        unit: i.unit,
        records: this.records[n],
        usage: Number(this.big[n] + BigInt(this.small[n])) / this.scale[n],
      }));
  }
}
