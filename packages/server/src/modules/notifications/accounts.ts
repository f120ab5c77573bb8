import type { Ctx } from '../../http/context.ts';
import { systemCtx } from '../../http/context.ts';
import type { Db } from '../../resources/engine.ts';

/** The context a webhook's account reads objects in: what the API would answer that account, nothing more. */
export async function accountCtx(db: Db, accountId: string): Promise<Ctx | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'type', 'data'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  const type = row.type as 'vendor' | 'provider';
  return systemCtx({ id: row.id, name: row.name, type, roles: (row.data as any).roles ?? [type] });
}
