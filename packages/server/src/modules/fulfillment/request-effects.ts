import { assetStatusOnApprove, assetStatusOnFail, type Asset, type AssetStatus, type Request } from '@trellis/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { changeAsset } from './asset-store.ts';
import { settledItems } from './request-items.ts';
import { assetStatusBefore } from './request-store.ts';

// What deciding a request does to its asset (domain lifecycle.ts says which status), and the request's copy of it.

type Tx = Transaction<DB>;

/** The request carries the asset's new status in its own copy of the asset. */
const withAssetStatus = (r: Request, a: Asset): Request => ({ ...r, asset: { ...r.asset, status: a.status } });

/** Approved: the asset takes the request's status effect, items and parameters (and tiers, for a purchase or transfer). */
export async function approveOnAsset(db: Tx, ctx: Ctx, request: Request): Promise<Request> {
  const keepsTiers = request.type !== 'purchase' && request.type !== 'transfer';
  const asset = await changeAsset(db, ctx, request.asset.id, 'approve', (a) => ({
    ...a,
    status: assetStatusOnApprove(request.type, a.status),
    items: settledItems(request.asset.items),
    params: request.asset.params,
    tiers: keepsTiers ? a.tiers : request.asset.tiers,
  }));
  return withAssetStatus(request, asset);
}

/** Failed or revoked: a purchase's asset is terminated; any other asset goes back to where it was. */
export async function undoOnAsset(db: Tx, ctx: Ctx, request: Request, action: string): Promise<Request> {
  const before = (await assetStatusBefore(db, request.id)) as AssetStatus;
  const status = assetStatusOnFail(request.type, before);
  const asset = await changeAsset(db, ctx, request.asset.id, action, (a) => ({ ...a, status }));
  return withAssetStatus(request, asset);
}

/**
 * The asset's status once a draft is sent on (a cancel makes it terminating, a purchase processing). A purchase's
 * asset also takes the ordered parameters, so the new subscription shows what was ordered while it is processed.
 */
export async function openOnAsset(db: Tx, ctx: Ctx, request: Request, status: AssetStatus): Promise<Request> {
  const ordered = request.type === 'purchase' ? { params: request.asset.params } : {};
  const asset = await changeAsset(db, ctx, request.asset.id, request.type, (a) => ({ ...a, status, ...ordered }));
  return withAssetStatus(request, asset);
}

/** The request fails with a reason, its asset undone (the status is the fail action's, or the flow's that fails it). */
export async function failed(db: Tx, ctx: Ctx, request: Request, reason: string): Promise<Request> {
  return { ...(await undoOnAsset(db, ctx, request, 'fail')), reason };
}
