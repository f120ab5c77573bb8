import {
  actionResource,
  guidelineResource,
  messageResource,
  type Guideline,
  type ProductAction,
  type ProductMessage,
} from '@trellis/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { ApiError } from '../../../http/errors.ts';
import { newId } from '../../../resources/ids.ts';
import { bool, int, text } from '../../../resources/table.ts';
import { versionedServed, type VersionedKind } from '../versions.ts';
import { liveRows, nextPosition, productContent, productOwnedTable } from './common.ts';

// Product actions, product messages and guidelines: plain product-owned resources.

async function uniqueIn(
  db: Transaction<DB>,
  table: 'product_actions' | 'product_messages',
  column: 'action' | 'external_id',
  productId: string,
  value: string,
  exceptId: string,
  message: string,
) {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('product_id', '=', productId)
    .where(column as any, '=', value)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  if (row) throw ApiError.badRequest(message);
}

export const actionTable = productOwnedTable('product_actions', {
  action: text('action'),
  scope: text('scope'),
  type: text('type'),
});
export const messageTable = productOwnedTable('product_messages', {
  external_id: text('external_id'),
  auto: bool('auto'),
});
export const guidelineTable = productOwnedTable('product_guidelines', {
  name: text('name'),
  position: int('position'),
});

export const actions = productContent<ProductAction>({
  decl: actionResource,
  table: actionTable,
  async create(_ctx, input, product, db) {
    await uniqueIn(
      db,
      'product_actions',
      'action',
      product.id,
      input.action,
      '',
      `action: An action '${input.action}' already exists in this product.`,
    );
    return {
      id: newId('PRA', 3, 3),
      action: input.action,
      name: input.name,
      title: input.title || input.name,
      description: input.description,
      type: input.type,
      scope: input.scope,
      url: input.url || null,
      events: {},
    };
  },
  async update(_ctx, current, input, product, db) {
    if (input.action) {
      await uniqueIn(
        db,
        'product_actions',
        'action',
        product.id,
        input.action,
        current.id,
        `action: An action '${input.action}' already exists in this product.`,
      );
    }
    return { ...current, ...input, url: input.url === undefined ? current.url : input.url || null };
  },
});

export const messages = productContent<ProductMessage>({
  decl: messageResource,
  table: messageTable,
  async create(_ctx, input, product, db) {
    await uniqueIn(
      db,
      'product_messages',
      'external_id',
      product.id,
      input.external_id,
      '',
      `external_id: A message for '${input.external_id}' already exists in this product.`,
    );
    const p = product.data;
    return {
      id: newId('PEM', 3, 3),
      product: { id: p.id, icon: p.icon ?? null, name: p.name, status: p.status },
      external_id: input.external_id,
      value: input.value,
      auto: input.auto ?? false,
      events: {},
    };
  },
  async update(_ctx, current, input, product, db) {
    if (input.external_id) {
      await uniqueIn(
        db,
        'product_messages',
        'external_id',
        product.id,
        input.external_id,
        current.id,
        `external_id: A message for '${input.external_id}' already exists in this product.`,
      );
    }
    const p = product.data;
    return { ...current, ...input, product: { id: p.id, icon: p.icon ?? null, name: p.name, status: p.status } };
  },
});

// The product summary in a message follows the product (its status and icon change after the message is written).
messages.present = async (m, _ctx, _include, db) => {
  const row = await db.selectFrom('products').select('data').where('id', '=', m.product.id).executeTakeFirst();
  const p = row?.data;
  return p ? { ...m, product: { id: p.id, icon: p.icon ?? null, name: p.name, status: p.status } } : m;
};

export const guidelines = productContent<Guideline>({
  decl: guidelineResource,
  table: guidelineTable,
  async create(_ctx, input, product, db) {
    return {
      id: newId('GL', 3, 3),
      name: input.name,
      body: input.body ?? '',
      position: input.position ?? (await nextPosition(db, 'product_guidelines', product.id)),
      events: {},
    };
  },
});

/** Versions freeze the actions and the guidelines. */
export const versionedActions: VersionedKind = { kind: 'action', rows: liveRows('product_actions', 'created_at, id') };
export const versionedGuidelines: VersionedKind = {
  kind: 'guideline',
  rows: liveRows('product_guidelines', 'position, name, id'),
};

/** Actions (and their frozen copies), messages, guidelines (and their frozen copies). */
export const actionResources = [
  actions,
  versionedServed('action', actionResource, '/products/:productId/versions/:version/actions'),
  messages,
  guidelines,
  versionedServed('guideline', guidelineResource, '/products/:productId/versions/:version/guidelines'),
];
