import {
  tierConfigRequestParamsEditable,
  validatorTypeFor,
  type ParamInput,
  type RequestParam,
  type TierConfig,
  type TierConfigRequest,
} from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db, Served } from '../../resources/engine.ts';
import {
  applyParamInput,
  freshParams,
  paramErrors,
  validateKeepingMarks,
  validateParams,
  withValidated,
  type Side,
} from './params.ts';
import { askValidator, type ValidatedParam } from '../notifications/public.ts';

import { afterApproved, afterFailed } from './tier-decisions.ts';
import { carriedParams, newRequest, openedBy } from './tier-objects.ts';
import { templateIdOf, tierTemplate } from './tier-templates.ts';
import { now, openRequestOf, paramsOf, requestTable, saveConfig, withParams } from './tier-tables.ts';
import { productCapabilities } from './refs.ts';

// Tier config requests (/tier/config-requests, reference workflow tier-config-request). The system opens
// `setup` requests during tiers setup (tiers-setup.ts); the provider opens `update` / `adjustment` requests for
// an active config. The provider fills ordering parameters, the vendor fulfillment parameters, and decides.

const BOTH_PHASES = ['ordering', 'fulfillment'];
const sideOf = (ctx: Ctx): Side => (ctx.account.type === 'vendor' ? 'vendor' : 'provider');
/** Parameter edits of a body: `params` (reference) and `configuration.params`. */
const editsOf = (
  input: { params?: ParamInput[]; configuration?: { params?: ParamInput[] } } | undefined,
): ParamInput[] => [...(input?.params ?? []), ...(input?.configuration?.params ?? [])];

/** The provider's ordering values must be valid before the vendor gets the request. */
function checkOrdering(params: RequestParam[]) {
  const checked = validateParams(params, ['ordering']);
  if (!checked.valid) throw paramErrors(checked.params);
}

/** The config a provider names: its id, or its account and product. */
async function namedConfig(
  db: Db,
  ctx: Ctx,
  ref: { id?: string; account?: { id: string }; product?: { id: string } },
): Promise<TierConfig> {
  let q = db.selectFrom('tier_configs').select('data').where('provider_id', '=', ctx.account.id);
  if (ref.id) q = q.where('id', '=', ref.id);
  else if (ref.account?.id && ref.product?.id)
    q = q.where('tier_account_id', '=', ref.account.id).where('product_id', '=', ref.product.id);
  else throw ApiError.badRequest('configuration.id: This field is required');
  const row = await q.forNoKeyUpdate().executeTakeFirst();
  if (row) return row.data as TierConfig;
  if (ref.id) throw ApiError.badRequest(`configuration.id: tier configuration ${ref.id} does not exist.`);
  throw ApiError.badRequest(
    `configuration: tier account ${ref.account!.id} has no configuration for product ${ref.product!.id}; its first purchase sets one up.`,
  );
}

export const tierConfigRequests: Served<TierConfigRequest> = {
  ...requestTable,

  /** Lists show the config's current status and open request next to the values this request proposes. */
  async presentMany(objs, _ctx, include, db) {
    const ids = [...new Set(objs.map((o) => o.configuration.id))];
    if (!ids.length) return objs;
    const rows = await db.selectFrom('tier_configs').select('data').where('id', 'in', ids).execute();
    const configs = new Map(rows.map((r) => [r.data.id as string, r.data as TierConfig]));
    // select(configuration.product.capabilities): hidden unless asked (reference)
    const caps = include.includes('configuration.product.capabilities')
      ? await productCapabilities(
          db,
          objs.map((o) => o.configuration.product.id),
        )
      : null;
    return objs.map((o) => {
      const c = configs.get(o.configuration.id);
      let configuration = c ? { ...o.configuration, status: c.status, open_request: c.open_request } : o.configuration;
      if (caps)
        configuration = {
          ...configuration,
          product: { ...configuration.product, capabilities: caps.get(configuration.product.id) ?? {} },
        };
      return { ...o, params: paramsOf(o), configuration };
    });
  },

  async create(ctx, input, _params, db) {
    if (ctx.account.type !== 'provider') throw ApiError.forbidden('Only providers create tier config requests.');
    const config = await namedConfig(db, ctx, input.configuration);
    const open = await openRequestOf(db, config.id);
    if (open) throw ApiError.conflict(`Tier configuration ${config.id} already has an open request ${open.id}.`);
    if (config.status !== 'active')
      throw ApiError.badRequest(
        `Tier configuration ${config.id} is ${config.status}; only an active configuration can be changed.`,
      );
    // the product's current tier parameters, with the config's values (a parameter added since starts empty)
    const current = await freshParams(
      db,
      config.product.id,
      config.tier_level === 1 ? 'tier1' : 'tier2',
      config.params,
    );
    const params = applyParamInput(carriedParams(current), input.configuration.params, 'provider');
    const status = input.status ?? 'pending';
    if (status === 'pending') checkOrdering(params);
    const request = await newRequest(db, config, { type: input.type, status, params, notes: input.notes });
    const opened = await saveConfig(db, ctx, config, openedBy(config, request), 'open');
    return withParams({ ...request, configuration: opened }, params);
  },

  /** Notes while open (the machine's editable rule); parameters as the domain lets each side (the portal asks the same). */
  async update(ctx, current, input) {
    const side = sideOf(ctx);
    const edits = editsOf(input);
    if (edits.length && !tierConfigRequestParamsEditable(current, { side }))
      throw ApiError.transition('update', current.status);
    let next = edits.length ? withParams(current, applyParamInput(paramsOf(current), edits, side)) : current;
    if (input.notes !== undefined) next = { ...next, notes: input.notes };
    return next;
  },

  // the vendor's validator webhook of this tier level and request type, asked before the transaction
  prepare: {
    async validate(ctx, current, body, db) {
      const config = current.configuration;
      const type = validatorTypeFor(current, config.tier_level === 1 ? 1 : 2);
      if (!type) return null;
      const draft = withParams(current, applyParamInput(paramsOf(current), editsOf(body), sideOf(ctx)));
      return askValidator(db, {
        vendorId: config.connection.vendor.id,
        productId: config.product.id,
        type,
        objectClass: 'tier_config_request',
        draft,
      });
    },
  },

  actions: {
    async submit(_ctx, current) {
      checkOrdering(paramsOf(current));
      return current;
    },

    /**
     * Dynamic validation: applies the sent values (as the caller's side may), runs the shared validator over the
     * caller's phases and answers with each problem in value_error. An error the vendor set on a value nobody
     * has changed since stays.
     */
    async validate(ctx, current, body, _params, _db, prepared) {
      const side = sideOf(ctx);
      const applied = applyParamInput(paramsOf(current), editsOf(body), side);
      const { params } = validateKeepingMarks(applied, side === 'vendor' ? BOTH_PHASES : ['ordering']);
      return withParams(current, withValidated(params, prepared as ValidatedParam[] | null | undefined));
    },

    async approve(ctx, current, body, _params, db) {
      const checked = validateParams(paramsOf(current), BOTH_PHASES);
      if (!checked.valid) throw paramErrors(checked.params);
      let next = withParams(current, checked.params);
      const templateId = templateIdOf(body);
      if (templateId) next = { ...next, template: await tierTemplate(db, next, templateId, 'fulfillment') };
      next = { ...next, effective_date: now() };
      await afterApproved(db, ctx, next);
      return next;
    },

    async fail(ctx, current, body, _params, db) {
      const next: TierConfigRequest = { ...current, reason: body.reason };
      await afterFailed(db, ctx, next);
      return next;
    },

    async inquire(_ctx, current, body, _params, db) {
      const templateId = templateIdOf(body);
      const template = templateId ? await tierTemplate(db, current, templateId, 'inquire') : current.template;
      return { ...current, template };
    },
  },
};
