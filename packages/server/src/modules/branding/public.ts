import { sql } from 'kysely';
import { DEFAULT_BRAND_ID } from '@trellis/domain';
import type { Db } from '../../resources/engine.ts';

// What other areas may use of branding.

/** How far up the account tree a brand is looked for (a guard against a cycle written by hand). */
const MAX_DEPTH = 32;

/**
 * The brand each account shows (spec §6: "the parent brand or own brand is derived from account ownership"): its
 * own, else the nearest ancestor's (accounts.parent_id), else the installation's brand BR-000. One query for all.
 */
export async function brandsOfAccounts(db: Db, accountIds: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = [...new Set(accountIds)];
  if (!ids.length) return out;
  const { rows } = await sql<{ start: string; brand_id: string }>`
    with recursive chain (start, id, parent_id, depth) as (
      select id, id, parent_id, 0 from accounts where id in (${sql.join(ids)})
      union all
      select c.start, a.id, a.parent_id, c.depth + 1 from chain c join accounts a on a.id = c.parent_id
      where c.depth < ${MAX_DEPTH}
    )
    select distinct on (c.start) c.start, b.id as brand_id
    from chain c join brands b on b.account_id = c.id
    order by c.start, c.depth`.execute(db);
  for (const r of rows) out.set(r.start, r.brand_id);
  for (const id of ids) if (!out.has(id)) out.set(id, DEFAULT_BRAND_ID);
  return out;
}

/** The brand one account shows: its own, else its nearest ancestor's, else BR-000. */
export async function brandOfAccount(db: Db, accountId: string): Promise<string> {
  return (await brandsOfAccounts(db, [accountId])).get(accountId) ?? DEFAULT_BRAND_ID;
}

/** A brand as the portal reads it (its theme and title), for mail in the account's look. */
export { brandById } from './service.ts';
