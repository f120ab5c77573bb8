import type { Request } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import type { Db } from '../../resources/engine.ts';
import { renderTemplate } from '../catalog/public.ts';

// The product's subscription (asset-scope) templates, rendered with a request as the API shows it.

export type AssetTemplateType = 'fulfillment' | 'inquire';

/** The chosen template of the request's product, checked for scope and kind, with its rendered Markdown. */
export async function assetTemplate(db: Db, request: Request, id: string, type: AssetTemplateType) {
  const productId = request.asset.product.id;
  const row = await db
    .selectFrom('product_templates')
    .select(['id', 'scope', 'type', 'data'])
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!row) throw ApiError.badRequest(`template_id: template ${id} does not exist for product ${productId}.`);
  if (row.scope !== 'asset')
    throw ApiError.badRequest(
      `template_id: template ${id} is a ${row.scope} template; this request needs an asset template.`,
    );
  const kind = row.type ?? 'fulfillment';
  if (kind !== type) {
    throw ApiError.badRequest(
      `template_id: template ${id} is a ${kind} template; ${type === 'fulfillment' ? 'approve' : 'inquire'} needs a ${type} template.`,
    );
  }
  const rendered = renderTemplate(row.data, request);
  return { id: row.id, name: row.data.name as string, representation: rendered.body };
}

/** The template id a body names (`template_id`, or `template.id`). */
export const templateIdOf = (body: { template?: { id: string }; template_id?: string } | undefined) =>
  body?.template_id ?? body?.template?.id;

/** The request's linked template rendered again with its current data (GET /requests/{id}/render). */
export async function renderLinked(db: Db, request: Request): Promise<string> {
  if (!request.template) {
    if (request.activation_key) return request.activation_key;
    throw ApiError.badRequest(`Request ${request.id} has no template.`);
  }
  const row = await db
    .selectFrom('product_templates')
    .select('data')
    .where('id', '=', request.template.id)
    .executeTakeFirst();
  return row ? renderTemplate(row.data, request).body : (request.template.representation ?? request.activation_key);
}
