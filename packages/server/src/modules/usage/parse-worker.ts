import { parentPort } from 'node:worker_threads';
import { Readable } from 'node:stream';
import { USAGE_REQUIRED_COLUMNS, USAGE_SHEET_MESSAGES as S, cellText } from '@trellis/domain';
import { ItemTotals } from './item-totals.ts';
import {
  LINES_CHUNK,
  PARSER_CREDITS,
  type FromParser,
  type ParseJob,
  type ParseOutcome,
  type ToParser,
} from './parse-protocol.ts';
import { RecordLines } from './record-lines.ts';
import { RowChecker, type ColumnIndex } from './row-check.ts';
import { readSheet, UnreadableWorkbook, type RandomAccess } from './xlsx.ts';

// The parser thread (parsers.ts): reads a usage spreadsheet's records sheet, checks every row and turns the good
// ones into COPY lines, one job at a time. Parsing is most of what processing costs; here it runs beside the
// server's thread (which writes the lines and serves the API) and PostgreSQL, and its garbage stays in its own heap.

const port = parentPort!;
const post = (m: FromParser) => port.postMessage(m);
/** At most this often the progress is sent. */
const PROGRESS_EVERY_MS = 250;

const ranges = new Map<number, Readable>();
let nextRange = 0;
let credits = PARSER_CREDITS;
let credited: (() => void) | null = null;

/** The stored spreadsheet, read range by range through the server's thread. */
const source = (size: number): RandomAccess => ({
  size,
  range(start, end) {
    const id = nextRange++;
    let asked = false;
    let ended = false;
    const r = new Readable({
      read() {
        post(asked ? { type: 'more', stream: id } : { type: 'read', stream: id, start, end });
        asked = true;
      },
      destroy(err, cb) {
        if (!ended) post({ type: 'close', stream: id });
        ranges.delete(id);
        cb(err);
      },
    });
    r.once('end', () => {
      ended = true;
      ranges.delete(id);
    });
    ranges.set(id, r);
    return r;
  },
});

/** The header row: each column name (as the template writes it) → its position. */
function columnsOf(values: unknown[]): ColumnIndex {
  const cols: ColumnIndex = {};
  values.forEach((v, i) => {
    const name = cellText(v).toLowerCase();
    if (name && cols[name] === undefined) cols[name] = i;
  });
  return cols;
}

async function parse(job: ParseJob): Promise<ParseOutcome> {
  const { file, items, subscriptions } = job;
  const sheet = readSheet(source(job.size), 'records');
  const lines = new RecordLines(file, items);
  const totals = new ItemTotals(items);
  let checker: RowChecker | null = null;
  let headerRow = 0;
  let rows = 0;
  let bad = 0;
  let text = '';
  let inText = 0;
  let reported = Date.now();
  const send = async () => {
    post({ type: 'lines', text, rows: inText });
    text = '';
    inText = 0;
    credits--;
    while (credits <= 0) await new Promise<void>((ok) => (credited = ok));
  };
  for await (const chunk of sheet.rows) {
    for (const row of chunk) {
      if (!checker) {
        const cols = columnsOf(row.values);
        const missing = USAGE_REQUIRED_COLUMNS.filter((c) => cols[c] === undefined);
        if (missing.length) return { kind: 'file', detail: S.missingColumns(missing) };
        checker = new RowChecker(file, items, subscriptions, cols, sheet.date1904());
        headerRow = row.number;
        continue;
      }
      if (checker.isEmpty(row.values)) continue;
      rows++;
      const checked = checker.check(row.number, row.values);
      if ('messages' in checked) {
        bad++;
        post({ type: 'bad', row: checked });
      } else if (!bad) {
        // once a row is bad the file is invalid: its records are not kept, so no more lines are made
        totals.add(checked.item, checked.usage);
        text += lines.line(checked);
        inText++;
        if (text.length >= LINES_CHUNK) await send();
      }
    }
    if (Date.now() - reported >= PROGRESS_EVERY_MS) {
      reported = Date.now();
      const last = sheet.lastRow();
      post({ type: 'progress', done: rows, total: last === null ? null : Math.max(rows, last - headerRow) });
    }
  }
  if (!sheet.found()) return { kind: 'file', detail: S.noRecordsSheet };
  if (!rows) return { kind: 'file', detail: S.noRows };
  if (!bad && text) await send();
  return { kind: 'rows', rows, bad, items: bad ? [] : totals.totals() };
}

port.on('message', (m: ToParser) => {
  switch (m.type) {
    case 'job':
      credits = PARSER_CREDITS;
      parse(m.job).then(
        (outcome) => post({ type: 'done', outcome }),
        (e) =>
          post({
            type: 'failed',
            message: e instanceof Error ? e.message : String(e),
            unreadable: e instanceof UnreadableWorkbook,
          }),
      );
      break;
    case 'bytes': {
      const r = ranges.get(m.stream);
      if (!r) break;
      if (m.error !== undefined) r.destroy(new Error(m.error));
      else r.push(m.chunk === null ? null : Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength));
      break;
    }
    case 'credit':
      credits++;
      credited?.();
      credited = null;
      break;
  }
});
