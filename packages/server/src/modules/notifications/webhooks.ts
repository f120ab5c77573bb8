import { sql } from 'kysely';
import {
  EMPTY_STATS,
  isMaskedSecret,
  maskSecret,
  webhookClassIssue,
  webhookResource,
  type Webhook,
  type WebhookObjectClass,
  type WebhookType,
  type WebhookCreate,
  type WebhookUpdate,
} from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { actorOf } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db, Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { productVisible } from '../catalog/public.ts';
import { hostIssue, urlIssue } from './outbound.ts';
import { outboundPolicy } from './policy.ts';
import { webhookTable } from './tables.ts';

// Webhooks (reference /notifications/webhooks): an account's own; any other account's is a 404. The secret lives in
// its own column: the object (its `data`, the audit trail, every answer) holds only its mask.

function checkClass(type: WebhookType, objectClass: WebhookObjectClass) {
  const issue = webhookClassIssue(type, objectClass);
  if (issue) throw ApiError.field('object_class', issue);
}

async function checkUrl(url: string) {
  const policy = outboundPolicy();
  const issue = urlIssue(url, policy) ?? (await hostIssue(url, policy));
  if (issue) throw ApiError.field('external_url', issue);
}

/** The product a webhook watches: one the account reads (its own as a vendor; listed or connected as a provider). */
async function productRef(db: Db, ctx: Ctx, id: string) {
  const { rows } = await sql<{ id: string; data: { name: string; icon?: string | null } }>`
    select id, data from products t where t.id = ${id} and ${productVisible(ctx, sql`t.id`)}`.execute(db);
  if (!rows.length) throw ApiError.field('product_id', `Product ${id} was not found.`);
  return { id: rows[0].id, name: rows[0].data.name, icon: rows[0].data.icon ?? null };
}

const userOf = (ctx: Ctx) => {
  const actor = actorOf(ctx);
  return { id: actor.id, name: actor.name };
};

export const webhooks: Served<Webhook> = {
  decl: webhookResource,
  table: webhookTable,
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,

  async create(ctx, input: WebhookCreate, _params, db) {
    checkClass(input.type, input.object_class);
    await checkUrl(input.external_url);
    const at = new Date().toISOString();
    const webhook: Webhook = {
      id: newId('WH', 3, 3),
      type: input.type,
      object_class: input.object_class,
      label: input.label,
      active: input.active,
      external_url: input.external_url,
      jwt_secret: maskSecret(input.jwt_secret),
      description: input.description ?? null,
      http_method: input.http_method,
      product: await productRef(db, ctx, input.product_id),
      data: input.data,
      headers: input.headers,
      account: { id: ctx.account.id, name: ctx.account.name },
      created_at: at,
      created_by: userOf(ctx),
      modified_at: null,
      stats: { ...EMPTY_STATS },
      last_event: null,
      events: {},
    };
    return { object: webhook, extra: { secret: input.jwt_secret } };
  },

  async update(ctx, current, input: WebhookUpdate, _params, db) {
    if (input.external_url !== undefined && input.external_url !== current.external_url)
      await checkUrl(input.external_url);
    const next: Webhook = {
      ...current,
      ...(input.type !== undefined && { type: input.type }),
      ...(input.object_class !== undefined && { object_class: input.object_class }),
      ...(input.label !== undefined && { label: input.label }),
      ...(input.active !== undefined && { active: input.active }),
      ...(input.external_url !== undefined && { external_url: input.external_url }),
      ...(input.description !== undefined && { description: input.description ?? null }),
      ...(input.data !== undefined && { data: input.data }),
      ...(input.headers !== undefined && { headers: input.headers }),
      modified_at: new Date().toISOString(),
      modified_by: userOf(ctx),
    };
    checkClass(next.type, next.object_class);
    if (input.product_id !== undefined && input.product_id !== current.product.id)
      next.product = await productRef(db, ctx, input.product_id);
    // a secret sent back as it was answered keeps the stored one; a new one replaces it
    if (input.jwt_secret !== undefined && !isMaskedSecret(input.jwt_secret)) {
      await db.updateTable('webhooks').set({ secret: input.jwt_secret }).where('id', '=', current.id).execute();
      next.jwt_secret = maskSecret(input.jwt_secret);
    }
    return next;
  },
};

/** A webhook with its secret, for a call (never answered). */
export async function webhookWithSecret(db: Db, id: string) {
  const row = await db.selectFrom('webhooks').select(['data', 'secret']).where('id', '=', id).executeTakeFirst();
  return row ? { webhook: row.data as Webhook, secret: row.secret } : undefined;
}
