import { sql, type Kysely } from 'kysely';
import { templateResource, type ProductTemplate } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { getObject, type Db } from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import { bigint, text } from '../../../resources/table.ts';
import type { Api } from '../../types.ts';
import { versionedServed, type VersionedKind } from '../versions.ts';
import { productFor } from '../visibility.ts';
import { liveRows, nextPosition, productContent, productOwnedTable } from './common.ts';
import { renderTemplate } from './render.ts';

export const templateTable = productOwnedTable('product_templates', {
  name: text('name'),
  scope: text('scope'),
  type: text('type').nullable(),
  position: bigint('position').nullable(),
});

export const templates = productContent<ProductTemplate>({
  decl: templateResource,
  table: templateTable,
  async create(_ctx, input, product, db) {
    return {
      id: newId('TL', 3, 3),
      name: input.name,
      title: input.title ?? input.name,
      body: input.body ?? '',
      scope: input.scope ?? 'asset',
      type: input.type === undefined ? 'fulfillment' : input.type,
      position: input.position ?? (await nextPosition(db, 'product_templates', product.id)),
      events: {},
    };
  },
});

/** Versions freeze the templates. */
export const versionedTemplates: VersionedKind = {
  kind: 'template',
  rows: liveRows('product_templates', 'position nulls last, name, id'),
};

export const templateResources = [
  templates,
  versionedServed('template', templateResource, '/products/:productId/versions/:version/templates'),
];

/**
 * Where render finds a request's data: the fulfillment area registers a loader returning the request
 * as the API shows it (or null when the caller cannot see it).
 */
export type RequestContextLoader = (db: Db, ctx: Ctx, requestId: string) => Promise<Record<string, unknown> | null>;
let requestContext: RequestContextLoader | null = null;
export function setRequestContextLoader(loader: RequestContextLoader | null) {
  requestContext = loader;
}

/** A stand-in request for previews: every parameter of the product shows its title as the value. */
export async function sampleContext(db: Db, product: { id: string; data: any }): Promise<Record<string, unknown>> {
  const { rows } = await sql<{ data: any }>`select data from product_parameters where product_id = ${product.id}
    order by position, name`.execute(db);
  const paramsOf = (scope: string) =>
    rows
      .filter((r) => (r.data.scope ?? 'asset') === scope)
      .map(({ data: p }) => ({ id: p.id, name: p.name, title: p.title, type: p.type, value: p.title || p.name }));
  const tier = (name: string) => ({
    id: 'TA-0000-0000-0000',
    name,
    contact_info: { contact: { email: 'contact@example.com' } },
  });
  const now = new Date().toISOString();
  return {
    id: 'PR-0000-0000-0000-001',
    type: 'purchase',
    status: 'approved',
    created: now,
    activation_key: '',
    asset: {
      id: 'AS-0000-0000-0000',
      external_id: '1',
      status: 'active',
      params: paramsOf('asset'),
      product: { id: product.id, name: product.data.name },
      tiers: { customer: tier('Sample Customer'), tier1: tier('Sample Reseller'), tier2: tier('Sample Distributor') },
    },
    tier_config: { id: 'TC-0000-0000-0000', params: [...paramsOf('tier1'), ...paramsOf('tier2')] },
    product: { id: product.id, name: product.data.name },
  };
}

/** `format=html` returns the rendered HTML; otherwise the Markdown with the data substituted (a JSON string, as the reference). */
function output(rendered: ReturnType<typeof renderTemplate>, format: string | undefined) {
  if (format !== undefined && format !== 'html' && format !== 'markdown')
    throw ApiError.badRequest('format: Must be one of: markdown, html');
  return format === 'html' ? rendered.html : rendered.body;
}

/** Renderings of a template: for a request (render) or with sample data (preview). */
export function templateRoutes(api: Api) {
  const { app, db } = api;

  app.get('/products/:productId/templates/:id/render', async (req, reply) => {
    const ctx = requireCtx(req);
    const params = req.params as { productId: string; id: string };
    const q = req.query as Record<string, string | undefined>;
    const template = await getObject(templates, ctx, params, params.id, db);
    if (!q.request_id) throw ApiError.badRequest('request_id: This field is required');
    const context = requestContext ? await requestContext(db, ctx, q.request_id) : null;
    if (!context) throw ApiError.notFound('Request');
    return reply.type('application/json').send(JSON.stringify(output(renderTemplate(template, context), q.format)));
  });

  app.get('/products/:productId/templates/:id/preview', async (req, reply) => {
    const ctx = requireCtx(req);
    const params = req.params as { productId: string; id: string };
    const q = req.query as Record<string, string | undefined>;
    const template = await getObject(templates, ctx, params, params.id, db);
    const product = await productFor(db as Kysely<DB>, ctx, params.productId);
    const rendered = renderTemplate(template, await sampleContext(db, product));
    return reply.type('application/json').send(JSON.stringify(output(rendered, q.format)));
  });
}
