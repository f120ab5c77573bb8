import type { TierConfigRequest } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import type { Db } from '../../resources/engine.ts';
import { renderTemplate } from '../catalog/public.ts';
import { paramsOf } from './tier-tables.ts';

// Templates of a tier config request: the product's templates of the request's tier scope (tier1 / tier2),
// rendered with the request's parameters (`{{ param }}` reads them through `tier_config.params`).

export type TierTemplateType = 'fulfillment' | 'inquire';

/** The data a template of this request sees. */
export function templateContext(request: TierConfigRequest): Record<string, unknown> {
  const params = paramsOf(request);
  return {
    ...request,
    tier_config: { id: request.configuration.id, params },
    product: request.configuration.product,
    account: request.configuration.account,
  };
}

/** The chosen template, checked against the product, scope and kind, with its rendered text. */
export async function tierTemplate(db: Db, request: TierConfigRequest, id: string, type: TierTemplateType) {
  const scope = `tier${request.configuration.tier_level}`;
  const row = await db
    .selectFrom('product_templates')
    .select(['id', 'scope', 'type', 'data'])
    .where('id', '=', id)
    .where('product_id', '=', request.configuration.product.id)
    .executeTakeFirst();
  if (!row)
    throw ApiError.badRequest(
      `template.id: template ${id} does not exist for product ${request.configuration.product.id}.`,
    );
  if (row.scope !== scope) {
    throw ApiError.badRequest(
      `template.id: template ${id} is a ${row.scope} template; this request needs a ${scope} template.`,
    );
  }
  const kind = row.type ?? 'fulfillment';
  if (kind !== type)
    throw ApiError.badRequest(
      `template.id: template ${id} is a ${kind} template; ${type === 'fulfillment' ? 'approve' : 'inquire'} needs a ${type} template.`,
    );
  const rendered = renderTemplate(row.data, templateContext(request));
  return { id: row.id, name: row.data.name as string, representation: rendered.body };
}

/** The template id a body names (`template.id`, or `template_id`). */
export const templateIdOf = (body: { template?: { id: string }; template_id?: string } | undefined) =>
  body?.template?.id ?? body?.template_id;
