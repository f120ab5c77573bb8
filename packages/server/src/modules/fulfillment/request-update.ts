import { requestMachine, type Asset, type Request } from '@trellis/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { viewerOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { applyParamInput } from './params.ts';
import { assertSomethingOrdered, changedItems, resolveItems, type ItemInput } from './request-items.ts';

// PUT /requests/{id}: parameter values (and the vendor's value_error marks), the note, and a draft's items.

/** Values sent with validate follow the update rule (domain requestMachine.editable). */
export function editable(ctx: Ctx, r: Request, action = 'update') {
  if (requestMachine.editable!(r, viewerOf(ctx))) throw ApiError.transition(action, r.status);
}

async function draftItems(db: Transaction<DB>, r: Request, sent: ItemInput[]): Promise<Request['asset']['items']> {
  const allowDraft = r.asset.connection.type !== 'production';
  if (r.type === 'purchase') {
    const items = await resolveItems(db, r.asset.product.id, sent, { allowDraft });
    assertSomethingOrdered(items);
    return items;
  }
  if (r.type !== 'change' && r.type !== 'adjustment')
    throw ApiError.badRequest(`asset.items: a ${r.type} request does not take items.`);
  const row = await db.selectFrom('assets').select('data').where('id', '=', r.asset.id).executeTakeFirstOrThrow();
  const current = (row.data as Asset).items;
  const items = await resolveItems(db, r.asset.product.id, sent, {
    allowDraft,
    held: new Set(current.map((i) => i.id)),
  });
  return changedItems(current, items, r.asset.id, r.type === 'change');
}

export async function updateRequest(
  ctx: Ctx,
  current: Request,
  input: { asset?: { params?: any[]; items?: ItemInput[] }; note?: string },
  db: Transaction<DB>,
): Promise<Request> {
  let asset = current.asset;
  if (input.asset?.items) {
    if (current.status !== 'draft')
      throw ApiError.badRequest('asset.items: items change only while the request is a draft.');
    asset = { ...asset, items: await draftItems(db, current, input.asset.items) };
  }
  asset = { ...asset, params: applyParamInput(asset.params, input.asset?.params, ctx.account.type) };
  return { ...current, asset, note: input.note ?? current.note };
}
