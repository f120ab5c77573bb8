// The record ids of a usage spreadsheet seen so far, with the row each came first in. A file may hold a million
// rows: the ids are kept as UTF-8 bytes in one growing buffer, one after the other, indexed by an open-addressing
// hash table of typed arrays (about 25 bytes per id, against 100+ for a Map of strings), and compared byte for byte,
// so the check is exact. It also keeps no reference to the parser's strings (a substring would keep its whole XML
// chunk alive).

const EMPTY = -1;

export class RecordIds {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  /** Per entry: where its bytes start in `bytes` (they end where the next entry's start) and its row. */
  private starts = new Uint32Array(1 << 12);
  private rows = new Uint32Array(1 << 12);
  private count = 0;
  /** Open addressing: slot → entry index, or EMPTY. Kept at most half full. */
  private table = new Int32Array(1 << 13).fill(EMPTY);

  get size() {
    return this.count;
  }

  /** Remember `id` as seen in `row`; answers the row it was seen in first when it was seen before. */
  add(id: string, row: number): number | undefined {
    const len = Buffer.byteLength(id);
    this.reserve(len);
    // written at the tail first: kept only when the id is new
    const start = this.used;
    this.bytes.write(id, start, 'utf8');
    const end = start + len;
    const mask = this.table.length - 1;
    for (let slot = fnv1a(this.bytes, start, end) & mask; ; slot = (slot + 1) & mask) {
      const e = this.table[slot];
      if (e === EMPTY) {
        this.table[slot] = this.push(start, end, row);
        return undefined;
      }
      if (this.bytes.compare(this.bytes, start, end, this.starts[e], this.endOf(e)) === 0) return this.rows[e];
    }
  }

  private endOf(e: number) {
    return e + 1 < this.count ? this.starts[e + 1] : this.used;
  }

  private push(start: number, end: number, row: number): number {
    if (this.count === this.starts.length) {
      this.starts = grown(this.starts);
      this.rows = grown(this.rows);
    }
    const e = this.count++;
    this.starts[e] = start;
    this.rows[e] = row;
    this.used = end;
    if (this.count * 2 > this.table.length) this.rehash();
    return e;
  }

  private reserve(len: number) {
    if (this.used + len <= this.bytes.length) return;
    const next = Buffer.allocUnsafe(Math.max(Math.ceil(this.bytes.length * 1.5), this.used + len));
    this.bytes.copy(next, 0, 0, this.used);
    this.bytes = next;
  }

  private rehash() {
    const table = new Int32Array(this.table.length * 2).fill(EMPTY);
    const mask = table.length - 1;
    for (let e = 0; e < this.count; e++) {
      let slot = fnv1a(this.bytes, this.starts[e], this.endOf(e)) & mask;
      while (table[slot] !== EMPTY) slot = (slot + 1) & mask;
      table[slot] = e;
    }
    this.table = table;
  }
}

function grown(a: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(a.length * 2);
  next.set(a);
  return next;
}

/** FNV-1a over a byte range (32 bits). */
function fnv1a(b: Buffer, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    h ^= b[i];
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
