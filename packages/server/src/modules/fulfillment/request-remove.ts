import type { Request } from '@trellis/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { recordAudit } from '../../resources/audit.ts';
import { assets } from './asset-store.ts';

/**
 * DELETE of a draft (reference workflows: "Draft → Deleted"; the domain's draftable rule decides who may). A draft
 * purchase takes its draft asset with it; any other draft leaves its asset as it is. The engine audits the request.
 */
export async function removeDraft(ctx: Ctx, current: Request, db: Transaction<DB>): Promise<void> {
  await db.deleteFrom('asset_requests').where('id', '=', current.id).execute();
  if (current.type !== 'purchase') return;
  const asset = await db.selectFrom('assets').select('data').where('id', '=', current.asset.id).executeTakeFirst();
  await db.deleteFrom('assets').where('id', '=', current.asset.id).where('status', '=', 'draft').execute();
  if (asset)
    await recordAudit(db, ctx, {
      res: assets,
      objectId: current.asset.id,
      action: 'delete',
      owner: current.asset.connection.vendor.id,
      before: asset.data,
    });
}
