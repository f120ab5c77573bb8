import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../resources/engine.ts';

// Accounts form a tree (accounts.parent_id, migration 0017): an account opened with another account's invitation
// code is managed by it, and by that account's managers in turn. parent_id is written once, at sign-up, so the tree
// has no cycles; `union` (not `union all`) would stop one anyway.

/** SQL: the ids of the accounts `rootId` manages, directly or through accounts it manages (not itself). */
export function managedAccountIds(rootId: string): RawBuilder<string> {
  return sql<string>`(with recursive managed(id) as (
      select id from accounts where parent_id = ${rootId}
      union
      select a.id from accounts a join managed m on a.parent_id = m.id
    ) select id from managed)`;
}

/** Does `managerId` manage `accountId` (directly or transitively)? */
export async function isManagedBy(db: Db, accountId: string, managerId: string): Promise<boolean> {
  if (accountId === managerId) return false;
  const { rows } = await sql<{ ok: boolean }>`select ${accountId} in ${managedAccountIds(managerId)} as ok`.execute(db);
  return Boolean(rows[0]?.ok);
}
