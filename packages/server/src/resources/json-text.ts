import { sql, type Kysely } from 'kysely';
import { FILL_JOB, KEPT_TEXT } from '../db/migrations/0047_kept_json_text.ts';
import type { DB } from '../db/schema.ts';
import { enqueue } from '../jobs/queue.ts';

// The kept JSON text (migration 0047) of the rows written before the migration: filled in batches of rows in id
// order, each batch its own short statement, so writers wait on one batch's rows at most. A run stops after
// RUN_MS and queues the next from where it stopped, well inside the job's lease. Until a row is filled, reads convert
// its `data` (engine jsonTextOf), so the answers are the same throughout.

export { FILL_JOB };
const BATCH = 1000;
const RUN_MS = 20_000;

export async function fillJsonText(db: Kysely<DB>, payload: { table: string; after?: string }): Promise<void> {
  const table = KEPT_TEXT.find((t) => t === payload.table);
  if (!table) throw new Error(`${FILL_JOB}: no kept text in table ${payload.table}`);
  const t = sql.table(table);
  const until = Date.now() + RUN_MS;
  let after = payload.after ?? '';
  while (Date.now() < until) {
    const { rows } = await sql<{ last: string | null }>`select max(id) as last
      from (select id from ${t} where id > ${after} order by id limit ${BATCH}) b`.execute(db);
    const last = rows[0]?.last;
    if (!last) return;
    // the trigger sets the text from data: the update only has to touch the rows
    await sql`update ${t} set data = data where id > ${after} and id <= ${last} and data_text is null`.execute(db);
    after = last;
  }
  await enqueue(db, FILL_JOB, { table, after });
}
