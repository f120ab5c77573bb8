import { sql, type Kysely, type Transaction } from 'kysely';
import { USAGE_SHEET_MESSAGES as S, type UsageFile } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import type { FileStore } from '../../files/index.ts';
import { systemCtx, type Ctx } from '../../http/context.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { saveStamped } from '../../resources/engine.ts';
import { usageItemsOf } from '../catalog/public.ts';
import { usageSubscriptionsOf } from '../fulfillment/public.ts';
import { usageFiles } from './files.ts';
import { ErrorSpool, writeProcessedFile } from './processed-file.ts';
import { parseInWorker } from './parsers.ts';
import { recordSink } from './record-copy.ts';
import { UnreadableWorkbook } from './xlsx.ts';

// The processing of an uploaded usage spreadsheet (job PROCESS_JOB, queued by the upload and by reprocess): the file
// is `processing` while a parser thread (parsers.ts) streams the records sheet row by row, checks every row
// (row-check.ts) and turns the good ones into COPY lines that are stored as they come (record-copy.ts); then it is
// `ready` with its totals, or `invalid` with its bad rows and a processed spreadsheet that lists them
// (processed-file.ts). Whatever goes wrong ends in `invalid` with the reason.

/** At most this often the file's progress is written (the portal polls it). */
const PROGRESS_EVERY_MS = 1000;
/** While a job runs its lease is renewed, so no other server process takes it over (jobs/queue.ts claims for 5 min). */
const LEASE = '5 minutes';
/** Statuses a processing job works in: queued (uploaded), or taken over after a crash (processing). */
const RUNNING = ['uploaded', 'processing'];

export const uploadedFileUri = (id: string) => `/public/v1/usage/files/${id}/uploadedfile`;
export const processedFileUri = (id: string) => `/public/v1/usage/files/${id}/processedfile`;

const vendorCtx = (f: UsageFile): Ctx => systemCtx({ id: f.vendor.id, name: f.vendor.name, type: 'vendor', roles: [] });

/**
 * Change the file in one transaction, if it is still processed from the same upload (a file deleted or uploaded
 * again meanwhile is left alone): stamped and audited like an engine action. Answers whether it changed.
 */
async function change(
  db: Kysely<DB>,
  id: string,
  key: string,
  action: string,
  next: (f: UsageFile) => UsageFile,
  processedKey?: string | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('usage_files')
      .select(['data', 'upload_key'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    const current = row?.data as UsageFile | undefined;
    if (!current || !RUNNING.includes(current.status) || row!.upload_key !== key) return false;
    await saveStamped(usageFiles, vendorCtx(current), current, next(current), action, trx);
    if (processedKey !== undefined)
      await trx.updateTable('usage_files').set({ processed_key: processedKey }).where('id', '=', id).execute();
    return true;
  });
}

const clearRecords = (db: Kysely<DB> | Transaction<DB>, id: string) =>
  db.deleteFrom('usage_records').where('usage_file_id', '=', id).execute();

type Outcome =
  | { kind: 'ready'; rows: number; items: UsageFile['items'] }
  | { kind: 'bad-rows'; rows: number; spool: ErrorSpool }
  | { kind: 'file'; detail: string };

/** Read the records sheet in a parser thread: every row checked, the good ones stored while no row is bad. */
async function readRecords(
  db: Kysely<DB>,
  store: FileStore,
  file: UsageFile,
  key: string,
  jobId: string,
  spool: ErrorSpool,
): Promise<Outcome> {
  const [items, subscriptions] = await Promise.all([
    usageItemsOf(db, file.product.id),
    usageSubscriptionsOf(db, file.product.id, file.marketplace.id),
  ]);
  // the items as the records name them, held once by the file (records.ts composes each record's item from it)
  const byId = Object.fromEntries(items.map((i) => [i.id, i]));
  await sql`update usage_files set record_items = ${JSON.stringify(byId)}::jsonb where id = ${file.id}`.execute(db);
  const upload = await store.openRandom(key);
  if (!upload) return { kind: 'file', detail: S.failed('the uploaded spreadsheet is no longer stored') };
  const sink = recordSink(db);
  let reported = Date.now();
  try {
    const outcome = await parseInWorker({ file, items, subscriptions, size: upload.size }, upload, {
      lines: (text) => sink.write(text),
      bad: (row) => spool.add(row),
      async progress(done, total) {
        if (Date.now() - reported < PROGRESS_EVERY_MS) return;
        reported = Date.now();
        await progress(db, file.id, jobId, done, total);
      },
    });
    if (outcome.kind === 'file') return outcome;
    if (outcome.bad) return { kind: 'bad-rows', rows: outcome.rows, spool };
    await sink.finish();
    return { kind: 'ready', rows: outcome.rows, items: outcome.items };
  } finally {
    // a COPY still open (bad rows, a failure) stores nothing
    await sink.abort();
  }
}

async function progress(db: Kysely<DB>, id: string, jobId: string, done: number, total: number | null) {
  await sql`update usage_files set data = jsonb_set(data, '{progress}', ${JSON.stringify({ done, total })}::jsonb)
    where id = ${id} and status = 'processing'`.execute(db);
  await sql`update jobs set run_at = now() + ${LEASE}::interval where id = ${jobId}`.execute(db);
}

/** Process one uploaded spreadsheet of a usage file (the job's payload names the file and, from an upload, its key). */
export async function processUsageFile(
  db: Kysely<DB>,
  store: FileStore,
  payload: { id: string; key?: string },
  jobId: string,
): Promise<void> {
  const row = await db
    .selectFrom('usage_files')
    .select(['data', 'upload_key', 'processed_key'])
    .where('id', '=', payload.id)
    .executeTakeFirst();
  const key = row?.upload_key;
  // a job of an upload that another upload replaced, or of a file no longer waiting for it, has nothing to do
  if (!row || !key || !RUNNING.includes((row.data as UsageFile).status)) return;
  if (payload.key && payload.key !== key) return;

  const started = await change(
    db,
    payload.id,
    key,
    'process',
    (f) => ({
      ...f,
      status: 'processing',
      progress: { done: 0, total: null },
      error_detail: '',
      errors: [],
      processed_file_uri: null,
    }),
    null,
  );
  if (!started) return;
  // the report of an earlier processing (reprocess) no longer describes the file
  if (row.processed_key) await store.delete(row.processed_key);
  // records of an attempt that a crash interrupted
  await clearRecords(db, payload.id);
  const file = row.data as UsageFile;
  const spool = await ErrorSpool.open();
  try {
    let outcome: Outcome;
    try {
      outcome = await readRecords(db, store, file, key, jobId, spool);
    } catch (e) {
      if (!(e instanceof UnreadableWorkbook)) throw e;
      outcome = { kind: 'file', detail: S.notWorkbook(e.message) };
    }
    await finish(db, store, file, key, outcome);
  } catch (e) {
    // the file is never left `processing`: it becomes invalid with the reason (unless the database itself is gone,
    // then the job fails and is run again)
    await clearRecords(db, payload.id);
    const detail = S.failed(e instanceof Error ? e.message : String(e));
    await change(db, payload.id, key, 'process', (f) => invalid(f, detail, 0, 0));
  } finally {
    await spool.dispose();
  }
}

function invalid(f: UsageFile, detail: string, rows: number, bad: number, errors: UsageFile['errors'] = []): UsageFile {
  return {
    ...f,
    status: 'invalid',
    error_detail: detail,
    errors,
    stats: { ...f.stats, uploaded: rows, validated: 0, pending: 0, accepted: 0, closed: 0, billed: 0 },
    records: { valid: 0, invalid: bad, closed: 0 },
    progress: { done: rows, total: rows },
    items: [],
  };
}

async function finish(db: Kysely<DB>, store: FileStore, file: UsageFile, key: string, outcome: Outcome) {
  if (outcome.kind === 'file') {
    await clearRecords(db, file.id);
    await change(db, file.id, key, 'process', (f) => invalid(f, outcome.detail, 0, 0));
    return;
  }
  if (outcome.kind === 'bad-rows') {
    await clearRecords(db, file.id);
    const { rows, spool } = outcome;
    const processed = await writeProcessedFile(store, key, spool, `processed_${file.file_name ?? `${file.id}.xlsx`}`);
    const changed = await change(
      db,
      file.id,
      key,
      'process',
      (f) => ({
        ...invalid(f, S.badRows(spool.count, rows), rows, spool.count, spool.kept),
        processed_file_uri: processedFileUri(f.id),
      }),
      processed,
    );
    if (!changed) await store.delete(processed);
    return;
  }
  const n = outcome.rows;
  const changed = await change(db, file.id, key, 'process', (f) => ({
    ...f,
    status: 'ready',
    error_detail: '',
    errors: [],
    stats: { ...f.stats, uploaded: n, validated: n, pending: 0, accepted: 0, closed: 0, billed: 0 },
    records: { valid: n, invalid: 0, closed: 0 },
    progress: { done: n, total: n },
    items: outcome.items,
  }));
  if (!changed) await clearRecords(db, file.id);
}

/** The job, with the file store of the server that runs it (found by its database). */
export const processJob =
  (storeOf: (db: Kysely<DB>) => FileStore | undefined): JobHandler =>
  async (db, payload, job) => {
    const store = storeOf(db);
    if (!store) throw new Error('usage processing: no file store is registered for this database');
    await processUsageFile(db, store, payload, job.id);
  };
