import { assetStatusWhileOpen, validatorTypeFor, type Request, type RequestParam } from '@trellis/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { askValidator, type ValidatedParam } from '../notifications/public.ts';
import {
  applyParamInput,
  invalidParams,
  paramErrors,
  validateKeepingMarks,
  validateParams,
  withValidated,
} from './params.ts';
import { approveOnAsset, failed, openOnAsset, undoOnAsset } from './request-effects.ts';
import { editable } from './request-update.ts';
import { assetTemplate, templateIdOf } from './request-templates.ts';
import { pendingOrTiersSetup } from './request-tiers.ts';
import { SCHEDULE_JOB } from './schedule.ts';

// Effects of asset request actions beyond the generic ones. The engine has locked the row and checked side,
// status and guard (domain requestMachine); it sets the declared status, `updated` and the event stamp after.
// assign / unassign are the assignable trait's; confirm-free pure transitions need no handler.

type Tx = Transaction<DB>;
type Action = (
  ctx: Ctx,
  current: Request,
  body: any,
  params: Record<string, string>,
  db: Tx,
  prepared?: unknown,
) => Promise<Request>;

const withParams = (r: Request, params: RequestParam[]): Request => ({ ...r, asset: { ...r.asset, params } });

/**
 * Before `validate`'s transaction (no row lock waits on the network): the vendor's validator webhook for this
 * request's type and status, asked with the values being validated; null when the vendor has none.
 */
export async function askRequestValidator(ctx: Ctx, current: Request, body: any, db: Kysely<DB>) {
  const type = validatorTypeFor(current);
  if (!type) return null;
  const draft = withParams(current, applyParamInput(current.asset.params, body?.asset?.params, ctx.account.type));
  return askValidator(db, {
    vendorId: current.asset.connection.vendor.id,
    productId: current.asset.product.id,
    type,
    objectClass: 'fulfillment_request',
    draft,
  });
}

/** Draft → pending: a purchase's ordering parameters must be valid; then its tiers may need setting up first. */
const submit: Action = async (ctx, current, _body, _p, db) => {
  let next = current;
  if (current.type === 'purchase') {
    const checked = validateParams(current.asset.params, ['ordering']);
    if (!checked.valid) throw paramErrors(checked.params);
    next = withParams(current, checked.params);
  }
  const status = assetStatusWhileOpen(current.type, false, current.asset.status);
  if (status !== current.asset.status) next = await openOnAsset(db, ctx, next, status);
  return pendingOrTiersSetup(db, ctx, next);
};

export const requestActions: Partial<Record<string, Action>> = {
  purchase: submit,
  submit,

  /**
   * Dynamic validation: apply sent values, store each parameter's error; 200 even when some are invalid. The
   * vendor's validator webhook, when it has one for this kind of request, was asked first (requests.ts `prepare`):
   * its errors and corrected values are applied over the built-in checks.
   */
  async validate(ctx, current, body, _p, _db, prepared) {
    const sent = body?.asset?.params;
    if (sent?.length) editable(ctx, current, 'validate');
    const params = applyParamInput(current.asset.params, sent, ctx.account.type);
    const phases =
      ctx.account.type === 'vendor' && current.status !== 'draft' ? ['ordering', 'fulfillment'] : ['ordering'];
    const checked = validateKeepingMarks(params, phases).params;
    return withParams(current, withValidated(checked, prepared as ValidatedParam[] | null | undefined));
  },

  /** The vendor fulfils: fulfillment parameters valid, activation text from a template (or given), asset updated. */
  async approve(ctx, current, body, _p, db) {
    const templateId = templateIdOf(body);
    if (!templateId && !body.activation_tile) throw ApiError.badRequest('template_id: This field is required');
    const checked = validateParams(current.asset.params, ['fulfillment']);
    if (!checked.valid) throw paramErrors(checked.params);
    // effective_date and planned_date were checked as ISO date-times by the action's body schema (domain request.ts)
    const effective = new Date(body.effective_date ?? Date.now()).toISOString();
    let next: Request = { ...withParams(current, checked.params), effective_date: effective };
    next = await approveOnAsset(db, ctx, next);
    if (!templateId) return { ...next, activation_key: body.activation_tile, template: null };
    const template = await assetTemplate(db, next, templateId, 'fulfillment');
    return { ...next, activation_key: template.representation, template };
  },

  async fail(ctx, current, body, _p, db) {
    return failed(db, ctx, current, body.reason);
  },

  /** The vendor asks the provider to fix the parameters it marked with value_error. */
  async inquire(_ctx, current, body, _p, db) {
    let next: Request = { ...current, answered: false };
    const templateId = templateIdOf(body);
    if (templateId) {
      const template = await assetTemplate(db, next, templateId, 'inquire');
      next = { ...next, activation_key: template.representation, template };
    } else if (body.activation_tile) next = { ...next, activation_key: body.activation_tile };
    return next;
  },

  /** Back to pending. From the provider this is its answer: what it can fix must no longer be marked invalid. */
  async pend(ctx, current) {
    if (ctx.account.type === 'vendor') return current;
    const checked = validateKeepingMarks(current.asset.params, ['ordering']);
    const fixable = checked.params.filter((p) => p.phase === 'ordering' && !p.constraints.readonly);
    if (invalidParams(fixable).length) throw paramErrors(fixable, 'Some parameters still need a fix.');
    return { ...withParams(current, checked.params), answered: true };
  },

  /** Delayed activation: back to pending at planned_date (schedule.ts). */
  async schedule(_ctx, current, body, _p, db) {
    const at = new Date(body.planned_date);
    await enqueue(
      db,
      SCHEDULE_JOB,
      { requestId: current.id },
      { runAt: at, accountId: current.asset.connection.vendor.id },
    );
    return { ...current, planned_date: at.toISOString() };
  },

  async revoke(_ctx, current, body) {
    return { ...current, reason: body.reason ?? current.reason };
  },

  async confirm(ctx, current, _body, _p, db) {
    return undoOnAsset(db, ctx, current, 'revoke');
  },
};
