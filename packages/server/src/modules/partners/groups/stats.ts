import { sql, type RawBuilder } from 'kysely';
import type { ProductGroup } from '@trellis/domain';
import { inList } from '../../../db/in-list.ts';
import type { Db } from '../../../resources/engine.ts';

// A group's stats (products in it, agreements covering it, contracts under those agreements) are kept in its stored
// object for filters and ordering, and written in the transaction of each change that moves them.

type Stats = ProductGroup['stats'];

/** The SQL of the three counts of the group whose id `id` holds. */
const counts = (id: RawBuilder<unknown>) => sql`
  (select count(*) from product_group_products p where p.group_id = ${id})::int as products,
  (select count(*) from agreement_product_groups l where l.group_id = ${id})::int as agreements,
  (select count(*) from contracts c join agreement_product_groups l on l.agreement_id = c.agreement_id
    where l.group_id = ${id})::int as contracts`;

/** The groups' stats as the links and contracts are now, by group id. */
export async function statsOf(db: Db, ids: readonly string[]): Promise<Map<string, Stats>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<Stats & { id: string }>`select g.id, ${counts(sql`g.id`)}
    from product_groups g where ${inList(sql`g.id`, ids)}`.execute(db);
  return new Map(rows.map(({ id, ...stats }) => [id, stats]));
}

/** Write the groups' stats anew (after a change of links or contracts). */
export async function recountGroups(db: Db, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await sql`update product_groups g set data = jsonb_set(g.data, '{stats}',
      jsonb_build_object('products', s.products, 'agreements', s.agreements, 'contracts', s.contracts))
    from (select g2.id, ${counts(sql`g2.id`)} from product_groups g2 where ${inList(sql`g2.id`, ids)}) s
    where g.id = s.id`.execute(db);
}

/**
 * For the contracts and agreements code: a contract under the agreement was made or removed, so the contract count
 * of every group it covers moves. Call it in the same transaction.
 */
export async function recountAgreementGroups(db: Db, agreementId: string): Promise<void> {
  const rows = await db
    .selectFrom('agreement_product_groups')
    .select('group_id')
    .where('agreement_id', '=', agreementId)
    .execute();
  await recountGroups(
    db,
    rows.map((r) => r.group_id),
  );
}

/** For the agreements code, before an agreement is deleted: it no longer covers its groups. */
export async function unlinkAgreementGroups(db: Db, agreementId: string): Promise<void> {
  const rows = await db
    .deleteFrom('agreement_product_groups')
    .where('agreement_id', '=', agreementId)
    .returning('group_id')
    .execute();
  await recountGroups(
    db,
    rows.map((r) => r.group_id),
  );
}
