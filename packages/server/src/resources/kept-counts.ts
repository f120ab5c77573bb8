import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { RqlQuery } from '@trellis/domain';
import { COUNTED } from '../db/migrations/0044_kept_counts.ts';
import { SEARCHED } from '../db/migrations/0045_search_texts.ts';
import type { DB } from '../db/schema.ts';
import { enqueueUnlessQueued } from '../jobs/queue.ts';
import { equalityOn, searchPattern, type QuerySpec } from './rql-sql.ts';

// Exact totals of the common lists read from the counts the database keeps as it is written (migration 0044),
// instead of counting the matching rows: a page of one party's requests filtered by one status or one product
// costs the same at a million rows as at ten thousand. Any other list counts its rows.

/** The party whose rows a caller sees, when a resource's visibility is exactly `column = id`. */
export interface Side {
  column: string;
  id: string;
}

/**
 * The list's total from the kept counts (or the narrow search copy), or undefined when they cannot answer it: the
 * table keeps none, or the conditions are more than the caller's party (`side`) and at most one eq/in on a counted
 * column (or a search alone).
 */
export function keptTotal(
  table: string,
  side: Side | undefined,
  query: RqlQuery,
  spec: QuerySpec,
): RawBuilder<{ total: string }> | undefined {
  if (!side) return undefined;
  if (query.search) return searchTotal(table, side, query);
  const kept = COUNTED[table];
  if (!kept || !kept.parties.includes(side.column)) return undefined;
  // no filter: every row holds one value of the first key (the keys are NOT NULL columns)
  const on = query.filter ? equalityOn(query.filter, spec) : { column: kept.keys[0], values: undefined };
  if (!on || !kept.keys.includes(on.column)) return undefined;
  if (on.values?.length === 0) return sql`select 0 as total`;
  const values = on.values ? sql` and value in (${sql.join(on.values)})` : sql``;
  return sql`select coalesce(sum(n), 0) as total from kept_counts
    where tbl = ${table} and party = ${side.column} and party_id = ${side.id} and key = ${on.column}${values}`;
}

/**
 * A search of one party's rows, nothing else (migrations 0045, 0046): the rows that carry each matching shared text
 * (product, customer), from the kept counts, plus the rows whose own text matches and whose shared text does not.
 */
function searchTotal(table: string, side: Side, query: RqlQuery): RawBuilder<{ total: string }> | undefined {
  if (query.filter || !SEARCHED[table]?.parties.includes(side.column)) return undefined;
  const pattern = searchPattern(query.search!);
  // 'search' as a literal, so the planner can use the partial trigram index on the shared texts
  return sql`select
      (select coalesce(sum(n), 0) from kept_counts where tbl = ${table} and party = ${side.column}
        and party_id = ${side.id} and key = 'search' and value ilike ${pattern})
      + (select count(*) from ${sql.table(`${table}_texts`)} s
        where ${sql.ref(`s.${side.column}`)} = ${side.id} and s.text ilike ${pattern} and not s.shared ilike ${pattern})
      as total`;
}

export const COMPACT_JOB = 'kept-counts.compact';
/** How long a key's appended rows may pile up before a job folds them (reads sum them meanwhile). */
const FOLD_AFTER_MS = 60_000;
let foldQueuedUntil = 0;

/** After a write to a counted table: make sure a fold is queued (once a minute per process, not once a write). */
export async function foldSoon(table: string, db: Kysely<DB> | Transaction<DB>): Promise<void> {
  if (!COUNTED[table] || Date.now() < foldQueuedUntil) return;
  foldQueuedUntil = Date.now() + FOLD_AFTER_MS;
  await enqueueUnlessQueued(db, COMPACT_JOB, new Date(foldQueuedUntil));
}

/**
 * Fold each key's appended rows into one, in one statement: a read sees either the rows or their sum. Rows a writer
 * commits meanwhile are not in the statement's snapshot, so they stay, and count.
 */
export async function compactCounts(db: Kysely<DB>): Promise<void> {
  await sql`with folded as (
      delete from kept_counts k using (
        select tbl, party, party_id, key, value from kept_counts group by 1, 2, 3, 4, 5 having count(*) > 1
      ) g
      where (k.tbl, k.party, k.party_id, k.key, k.value) = (g.tbl, g.party, g.party_id, g.key, g.value)
      returning k.tbl, k.party, k.party_id, k.key, k.value, k.n
    )
    insert into kept_counts (tbl, party, party_id, key, value, n)
    select tbl, party, party_id, key, value, sum(n) from folded group by 1, 2, 3, 4, 5 having sum(n) <> 0`.execute(db);
}
