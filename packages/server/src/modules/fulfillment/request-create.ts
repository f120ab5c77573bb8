import { randomUUID } from 'node:crypto';
import {
  ASSET_STATUSES_FOR,
  OPEN_REQUEST_STATUSES,
  VENDOR_REQUEST_TYPES,
  assetStatusWhileOpen,
  requestIdFor,
  type Asset,
  type Request,
  type RequestCreate,
} from '@trellis/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { insertStamped, type Created } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { assets, changeAsset } from './asset-store.ts';
import { applyParamInput, freshParams, paramErrors, validateParams } from './params.ts';
import { partyScope } from '../../resources/parties.ts';
import { connectionRefOf, productRefOf } from './refs.ts';
import { assertSomethingOrdered, changedItems, resolveItems } from './request-items.ts';
import { purchaseChannel, purchaseMarketplace, resolveTiers } from './request-parties.ts';

// POST /requests: a purchase makes a new asset; every other type names an existing one.

const now = () => new Date().toISOString();
const bad = (message: string) => ApiError.badRequest(message);
type Tx = Transaction<DB>;

/** The provider orders; the vendor makes adjustments. */
function assertCreator(ctx: Ctx, type: Request['type']) {
  const by = VENDOR_REQUEST_TYPES.includes(type) ? 'vendor' : 'provider';
  if (ctx.account.type !== by) throw ApiError.forbidden(`Only the ${by} creates ${type} requests.`);
}

function newRequest(
  id: string,
  type: Request['type'],
  draft: boolean,
  asset: Asset,
  note: string | undefined,
  previous: string | null,
): Request {
  const at = now();
  return {
    id,
    type,
    status: draft ? 'draft' : 'pending',
    asset,
    marketplace: asset.marketplace,
    contract: asset.contract,
    assignee: null,
    note: note ?? '',
    reason: '',
    activation_key: '',
    template: null,
    planned_date: null,
    effective_date: null,
    answered: false,
    previous_approved_request: previous ? { id: previous } : null,
    created: at,
    updated: at,
    events: {},
  };
}

async function purchase(ctx: Ctx, input: RequestCreate, db: Tx): Promise<Created<Request>> {
  const a = input.asset;
  const draft = input.status === 'draft';
  const { product, connection } = await purchaseChannel(db, ctx, a.product?.id, a.connection?.id);
  const marketplace = await purchaseMarketplace(db, ctx, product.id, connection.type, input.marketplace?.id);
  const tiers = await resolveTiers(db, ctx, a.tiers);
  const items = await resolveItems(db, product.id, a.items ?? [], { allowDraft: connection.type !== 'production' });
  assertSomethingOrdered(items);
  let params = applyParamInput(await freshParams(db, product.id, 'asset'), a.params, 'provider');
  if (!draft) {
    const checked = validateParams(params, ['ordering']);
    if (!checked.valid) throw paramErrors(checked.params);
    params = checked.params;
  }
  const externalUid = a.external_uid || randomUUID();
  const dup = await db
    .selectFrom('assets')
    .select('id')
    .where('provider_id', '=', ctx.account.id)
    .where('external_uid', '=', externalUid)
    .executeTakeFirst();
  if (dup) throw ApiError.conflict(`asset.external_uid: asset ${dup.id} already has external_uid '${externalUid}'.`);
  const at = now();
  const asset = await insertStamped(
    assets,
    ctx,
    {
      id: newId('AS', 3, 4),
      status: assetStatusWhileOpen('purchase', draft, 'processing'),
      external_id: a.external_id ?? '',
      external_uid: externalUid,
      product: productRefOf(product),
      connection: connectionRefOf(connection),
      marketplace,
      contract: null,
      items,
      params,
      tiers,
      configuration: { params: [] },
      created: at,
      updated: at,
      events: {},
    } satisfies Asset,
    db,
  );
  return {
    object: newRequest(requestIdFor(asset.id, 1), 'purchase', draft, asset, input.note, null),
    extra: { asset_status_before: asset.status },
  };
}

/** The asset a request of another type names, visible to the caller, locked, with no other request open on it. */
async function openableAsset(db: Tx, ctx: Ctx, type: Request['type'], id: string | undefined): Promise<Asset> {
  if (!id) throw bad('asset.id: This field is required');
  const { rows } = await sql<{
    data: Asset;
  }>`select data from assets t where t.id = ${id} and ${partyScope(ctx)} for update`.execute(db);
  if (!rows.length) throw bad(`asset.id: asset ${id} does not exist.`);
  const asset = rows[0].data;
  const open = await db
    .selectFrom('asset_requests')
    .select(['id', 'status'])
    .where('asset_id', '=', id)
    .where('status', 'in', [...OPEN_REQUEST_STATUSES])
    .executeTakeFirst();
  if (open) throw ApiError.conflict(`Asset ${id} already has request ${open.id} in status ${open.status}.`);
  const from = ASSET_STATUSES_FOR[type];
  if (!from.includes(asset.status))
    throw bad(`asset.id: a ${type} request needs an asset that is ${from.join(' or ')}; ${id} is ${asset.status}.`);
  return asset;
}

async function change(ctx: Ctx, input: RequestCreate, db: Tx): Promise<Created<Request>> {
  const { type } = input;
  const a = input.asset;
  const draft = input.status === 'draft';
  const asset = await openableAsset(db, ctx, type, a.id);
  const takesItems = type === 'change' || type === 'adjustment';
  if (!takesItems && a.items?.length) throw bad(`asset.items: a ${type} request does not take items.`);
  if (!takesItems && a.params?.length) throw bad(`asset.params: a ${type} request does not take parameters.`);
  if (type !== 'transfer' && a.tiers) throw bad(`asset.tiers: only a transfer request changes the tier accounts.`);
  if (type === 'change' && !a.items?.length) throw bad('asset.items: This field is required');

  let items = asset.items;
  if (a.items?.length) {
    const sent = await resolveItems(db, asset.product.id, a.items, {
      allowDraft: asset.connection.type !== 'production',
      held: new Set(asset.items.map((i) => i.id)),
    });
    items = changedItems(asset.items, sent, asset.id, type === 'change');
  }
  const params = applyParamInput(
    await freshParams(db, asset.product.id, 'asset', asset.params),
    a.params,
    ctx.account.type,
  );
  const tiers = type === 'transfer' && a.tiers?.customer ? await resolveTiers(db, ctx, a.tiers) : asset.tiers;

  const { rows } = await sql<{ n: string; previous: string | null }>`select count(*) as n,
    (select id from asset_requests where asset_id = ${asset.id} and status = 'approved' order by created_at desc limit 1) as previous
    from asset_requests where asset_id = ${asset.id}`.execute(db);
  const status = assetStatusWhileOpen(type, draft, asset.status);
  if (status !== asset.status) await changeAsset(db, ctx, asset.id, type, (x) => ({ ...x, status }));
  const proposed: Asset = { ...asset, status, items, params, tiers };
  const request = newRequest(
    requestIdFor(asset.id, Number(rows[0].n) + 1),
    type,
    draft,
    proposed,
    input.note,
    rows[0].previous,
  );
  return { object: request, extra: { asset_status_before: asset.status } };
}

/** A new request; a purchase also creates its asset. Who may create which type is checked first. */
export async function createRequest(ctx: Ctx, input: RequestCreate, db: Tx): Promise<Created<Request>> {
  assertCreator(ctx, input.type);
  return input.type === 'purchase' ? purchase(ctx, input, db) : change(ctx, input, db);
}
