import { sql, type Kysely } from 'kysely';
import { PassThrough } from 'node:stream';
import { RECONCILIATION_COLUMNS, cellNumber, cellText, type Reconciliation } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { fileStoreOf, newFileKey, type FileStore } from '../../files/index.ts';
import { systemCtx, type Ctx } from '../../http/context.ts';
import { MAX_JOB_ATTEMPTS, type JobHandler } from '../../jobs/queue.ts';
import { saveStamped } from '../../resources/engine.ts';
import { reconciliations } from './reconciliations.ts';
import { headerPositions, oneByOne, readSheet as readFirstSheet, sheetWriter, XLSX_TYPE } from './xlsx.ts';

// The reconciliation job: the provider's spreadsheet is streamed row by row into usage_reconciliation_rows, matched
// against the file's records in SQL (one pass, whatever the size), counted, and written back as the processed
// spreadsheet with a result per row. A spreadsheet that cannot be read fails the reconciliation with why.

const BATCH = 1000;

/** What is wrong with the spreadsheet itself: the reconciliation fails with this as its error, without retries. */
class SheetProblem extends Error {}

type Row = DB['usage_reconciliation_rows'];

/** Stored rows → the processed file's result column. */
const RESULT_TEXT: Record<string, (r: { reported: string; file_usage: string | null }) => string> = {
  matched: () => 'matched',
  mismatched: (r) => `mismatched: reported ${r.reported || '(empty)'}, file ${Number(r.file_usage)}`,
  unknown: () => 'unknown record',
  repeated: () => 'repeated record_id: only its first row counts',
};

async function save(db: Kysely<DB>, ctx: Ctx, id: string, change: (r: Reconciliation) => Reconciliation | null) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('usage_reconciliations')
      .select('data')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    const before = row?.data as Reconciliation | undefined;
    const after = before && change(before);
    if (!before || !after) return null;
    return saveStamped(reconciliations, ctx, before, after, 'process', trx);
  });
}

/** The sheet's rows, any failure to read them being a SheetProblem. */
async function* sheetRows(store: FileStore, key: string) {
  const file = await store.openRandom(key);
  if (!file) throw new SheetProblem('The uploaded spreadsheet is no longer stored; upload it again.');
  const rows = oneByOne(readFirstSheet(file, null).rows);
  try {
    for (;;) {
      let next: IteratorResult<{ number: number; values: unknown[] }>;
      try {
        next = await rows.next();
      } catch (e) {
        throw new SheetProblem(`The file could not be read as an XLSX spreadsheet (${(e as Error).message}).`);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await rows.return?.(undefined);
  }
}

/** Read the sheet into usage_reconciliation_rows; answers the number of rows. */
async function readSheet(db: Kysely<DB>, store: FileStore, r: Reconciliation, key: string): Promise<number> {
  let at: Record<string, number> | null = null;
  let batch: Row[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length) await db.insertInto('usage_reconciliation_rows').values(batch).execute();
    count += batch.length;
    batch = [];
  };
  for await (const { number, values } of sheetRows(store, key)) {
    if (!at) {
      at = headerPositions(values, RECONCILIATION_COLUMNS);
      if (at.record_id === undefined || at.usage === undefined)
        throw new SheetProblem(
          `The first row must name the columns ${RECONCILIATION_COLUMNS.join(', ')} (record_id and usage are required).`,
        );
      continue;
    }
    const cell = (name: string) => (at![name] === undefined ? undefined : values[at![name]]);
    const record = cellText(cell('record_id'));
    const reported = cellText(cell('usage'));
    const billingId = cellText(cell('external_billing_id'));
    const billingNote = cellText(cell('external_billing_note'));
    if (!record && !reported && !billingId && !billingNote) continue;
    const usage = cellNumber(cell('usage'));
    batch.push({
      reconciliation_id: r.id,
      row: number,
      provider_id: r.provider.id,
      record_id: record,
      reported,
      usage: Number.isFinite(usage) ? String(usage) : null,
      external_billing_id: billingId || null,
      external_billing_note: billingNote || null,
      result: null,
      usage_record_id: null,
      file_usage: null,
    });
    if (batch.length >= BATCH) await flush();
  }
  if (!at) throw new SheetProblem(`The spreadsheet is empty; its first row must name the columns.`);
  await flush();
  return count;
}

/** The precision of a record's item (its file holds the items, records.ts). */
const precision = sql`(f.record_items -> r.item_id ->> 'precision')`;
/** Decimal places of a record's item precision (`integer`, `decimal(n)`); null for a precision it does not state. */
const places = sql`(case when ${precision} = 'integer' then 0
  when ${precision} ~ '^decimal\\(\\d+\\)$' then substring(${precision} from '\\d+')::int end)`;

/** Match every stored row to the file's records by record_id, in three set-wide statements. */
async function classify(db: Kysely<DB>, r: Reconciliation) {
  // a record_id named again: only its first row counts
  await sql`update usage_reconciliation_rows x set result = 'repeated'
    from (select "row", row_number() over (partition by record_id order by "row") as n
      from usage_reconciliation_rows where reconciliation_id = ${r.id} and record_id <> '') d
    where x.reconciliation_id = ${r.id} and x."row" = d."row" and d.n > 1`.execute(db);
  // the same usage as the record, to the item's precision
  await sql`update usage_reconciliation_rows x set usage_record_id = r.id, file_usage = r.usage,
      result = case
        when x.usage is null then 'mismatched'
        when ${places} is null then case when x.usage = r.usage then 'matched' else 'mismatched' end
        when round(x.usage, ${places}) = round(r.usage, ${places}) then 'matched'
        else 'mismatched' end
    from usage_records r join usage_files f on f.id = r.usage_file_id
    where x.reconciliation_id = ${r.id} and x.result is null
      and r.usage_file_id = ${r.usagefile.id} and r.record_id = x.record_id`.execute(db);
  await sql`update usage_reconciliation_rows set result = 'unknown'
    where reconciliation_id = ${r.id} and result is null`.execute(db);
}

async function countResults(db: Kysely<DB>, r: Reconciliation, rows: number): Promise<Reconciliation['results']> {
  const { rows: counts } = await sql<{ matched: string; mismatched: string; unknown: string }>`select
      count(*) filter (where result = 'matched') as matched,
      count(*) filter (where result = 'mismatched') as mismatched,
      count(*) filter (where result = 'unknown') as unknown
    from usage_reconciliation_rows where reconciliation_id = ${r.id}`.execute(db);
  const { rows: missing } = await sql<{ n: string }>`select count(*) as n from usage_records r
    where r.usage_file_id = ${r.usagefile.id} and not exists (select 1 from usage_reconciliation_rows x
      where x.reconciliation_id = ${r.id} and x.record_id = r.record_id)`.execute(db);
  return {
    rows,
    matched: Number(counts[0].matched),
    mismatched: Number(counts[0].mismatched),
    unknown: Number(counts[0].unknown),
    missing: Number(missing[0].n),
  };
}

/** The uploaded rows in sheet order with their result, written as the processed spreadsheet under `key`. */
async function writeProcessed(db: Kysely<DB>, store: FileStore, r: Reconciliation, key: string) {
  const out = new PassThrough();
  const stored = store.putStream(key, out, { contentType: XLSX_TYPE, name: `${r.id}_processed.xlsx` });
  const sheet = sheetWriter(out, 'reconciliation', [...RECONCILIATION_COLUMNS, 'result']);
  try {
    for (let after = -1; ;) {
      const page = await db
        .selectFrom('usage_reconciliation_rows')
        .selectAll()
        .where('reconciliation_id', '=', r.id)
        .where('row', '>', after)
        .orderBy('row')
        .limit(BATCH)
        .execute();
      for (const x of page) {
        sheet.add([
          x.record_id,
          x.usage !== null ? Number(x.usage) : x.reported,
          x.external_billing_id ?? '',
          x.external_billing_note ?? '',
          RESULT_TEXT[x.result ?? 'unknown'](x),
        ]);
      }
      if (page.length < BATCH) break;
      after = page[page.length - 1].row;
    }
    await sheet.end();
  } catch (e) {
    out.destroy(e as Error);
    await stored.catch(() => undefined);
    throw e;
  }
  await stored;
}

/** Job RECONCILE_JOB `{id}`: process an uploaded reconciliation. */
export const reconcileJob: JobHandler = async (db, payload: { id: string }, job) => {
  const store = fileStoreOf(db);
  const found = await db
    .selectFrom('usage_reconciliations')
    .select(['data', 'status', 'upload_key'])
    .where('id', '=', payload.id)
    .executeTakeFirst();
  // gone, or done by an earlier run
  if (!found || (found.status !== 'uploaded' && found.status !== 'processing')) return;
  const provider = (found.data as Reconciliation).provider;
  const ctx = systemCtx({ id: provider.id, name: provider.name, type: 'provider', roles: [] });
  const r = await save(db, ctx, payload.id, (x) => ({ ...x, status: 'processing', error: null }));
  if (!r) return;
  const key = newFileKey('xlsx');
  try {
    // an earlier attempt may have stopped half way
    await db.deleteFrom('usage_reconciliation_rows').where('reconciliation_id', '=', r.id).execute();
    const rows = await readSheet(db, store, r, found.upload_key);
    await classify(db, r);
    const results = await countResults(db, r, rows);
    await writeProcessed(db, store, r, key);
    await db.transaction().execute(async (trx) => {
      const saved = await trx
        .selectFrom('usage_reconciliations')
        .select('data')
        .where('id', '=', r.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const before = saved.data as Reconciliation;
      const next: Reconciliation = {
        ...before,
        status: 'processed',
        results,
        error: null,
        processed_file_uri: `/public/v1/usage/reconciliations/${r.id}/processedfile`,
      };
      await saveStamped(reconciliations, ctx, before, next, 'process', trx);
      await trx.updateTable('usage_reconciliations').set({ processed_key: key }).where('id', '=', r.id).execute();
    });
  } catch (e) {
    await store.delete(key).catch(() => undefined);
    // a problem of the database or the store is tried again; the spreadsheet's own fails at once
    if (!(e instanceof SheetProblem) && job.attempts < MAX_JOB_ATTEMPTS) throw e;
    await db.deleteFrom('usage_reconciliation_rows').where('reconciliation_id', '=', r.id).execute();
    const detail = e instanceof SheetProblem ? e.message : `Processing failed: ${(e as Error).message}`;
    await save(db, ctx, r.id, (x) => ({ ...x, status: 'failed', error: { detail } }));
  }
};
