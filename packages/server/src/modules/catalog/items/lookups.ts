import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { ApiError } from '../../../http/errors.ts';

type Trx = Transaction<DB>;

/**
 * Serialises the MPN checks of one product's items (or groups) so two writers cannot both take an MPN.
 * An advisory lock rather than the product row: an item update already holds its item row, and a version
 * build holds the product row while it publishes the item rows. Take it last (after unit/group look-ups),
 * so a writer holding it never waits on another row.
 */
export async function lockMpns(db: Trx, table: 'items' | 'item_groups', productId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`${table}-mpn:${productId}`}))`.execute(db);
}

/** A unit this vendor may use (shared or its own), as embedded in an item; 400 naming it otherwise. */
export async function unitRef(db: Trx, accountId: string, unitId: string) {
  const { rows } = await sql<{ data: any }>`select data from units
    where id = ${unitId} and (account_id is null or account_id = ${accountId}) for share`.execute(db);
  if (!rows.length) throw ApiError.badRequest(`unit: Unit '${unitId}' does not exist.`);
  const u = rows[0].data;
  return { id: u.id as string, name: u.name as string, title: u.title as string, unit: u.unit as string };
}

/** A group of the same product (locked against a concurrent delete); 400 naming it otherwise. */
export async function groupRef(db: Trx, productId: string, groupId: string) {
  const { rows } = await sql<{ data: any }>`select data from item_groups
    where id = ${groupId} and product_id = ${productId} for share`.execute(db);
  if (!rows.length) throw ApiError.badRequest(`group: Item group '${groupId}' does not exist in this product.`);
  const g = rows[0].data;
  return { id: g.id as string, name: (g.name ?? null) as string | null, mpn: g.mpn as string };
}

/** Another item of the same product, as a reference {id, name, status}; 400 naming the field otherwise. */
export async function itemRef(db: Trx, productId: string, itemId: string, field: string) {
  const { rows } = await sql<{
    data: any;
  }>`select data from items where id = ${itemId} and product_id = ${productId}`.execute(db);
  if (!rows.length) throw ApiError.badRequest(`${field}: Item '${itemId}' does not exist in this product.`);
  const i = rows[0].data;
  return {
    ref: { id: i.id as string, name: i.name as string, status: i.status },
    depth: Number(i.depth ?? 0),
    parentId: (i.parent?.id ?? null) as string | null,
  };
}

/** 400 when another item (or group) of the product already uses this MPN. */
export async function assertFreeMpn(
  db: Trx,
  table: 'items' | 'item_groups',
  productId: string,
  mpn: string,
  exceptId = '',
) {
  const { rows } =
    await sql`select 1 from ${sql.table(table)} where product_id = ${productId} and mpn = ${mpn} and id <> ${exceptId}`.execute(
      db,
    );
  const what = table === 'items' ? 'An item' : 'An item group';
  if (rows.length) throw ApiError.badRequest(`mpn: ${what} with MPN '${mpn}' already exists in this product.`);
}
