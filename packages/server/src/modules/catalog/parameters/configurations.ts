import { sql } from 'kysely';
import {
  ErrorCode,
  configurationResource,
  validateParameterValues,
  type ConfigurationData,
  type ParamValue,
  type Parameter,
} from '@trellis/domain';
import { ApiError } from '../../../http/errors.ts';
import { stampUpdated, type Db, type Served } from '../../../resources/engine.ts';
import { defineTable, text } from '../../../resources/table.ts';
import { createdAtColumn, updatedAtColumn } from '../columns.ts';
import { productForWrite, productIsVisible, productVisible } from '../visibility.ts';
import { parameterSnapshot } from './parameters.ts';

const ITEM_SCOPES = ['item', 'item_marketplace'];
const MARKETPLACE_SCOPES = ['marketplace', 'item_marketplace'];

/** The upsert key: one value per parameter, item and marketplace. */
const keyOf = (parameterId: string, itemId: string | null, marketplaceId: string | null) =>
  [parameterId, itemId ?? '', marketplaceId ?? ''].join(':');

/** Checks the item / marketplace a parameter's scope asks for; 400 naming the field otherwise. */
function checkTarget(param: Parameter, input: { item?: { id: string } | null; marketplace?: { id: string } | null }) {
  const errors: string[] = [];
  const needsItem = ITEM_SCOPES.includes(param.scope);
  const needsMarketplace = MARKETPLACE_SCOPES.includes(param.scope);
  if (needsItem && !input.item) errors.push(`item: This field is required for a parameter of scope ${param.scope}.`);
  if (!needsItem && input.item) errors.push(`item: A parameter of scope ${param.scope} takes no item.`);
  if (needsMarketplace && !input.marketplace)
    errors.push(`marketplace: This field is required for a parameter of scope ${param.scope}.`);
  if (!needsMarketplace && input.marketplace)
    errors.push(`marketplace: A parameter of scope ${param.scope} takes no marketplace.`);
  if (errors.length) throw new ApiError(400, ErrorCode.validation, errors);
}

/**
 * Configuration parameter data: values of configuration-phase parameters per product, item,
 * marketplace or item in a marketplace. POST upserts; every value passes the shared validator, with
 * dependencies resolved against the values stored for the same item and marketplace.
 */
export const configurationTable = defineTable('product_configurations', {
  id: text('id'),
  product_id: text('product.id'),
  /** The product's vendor. */
  account_id: text(),
  parameter_id: text('parameter.id'),
  item_id: text('item.id').nullable(),
  marketplace_id: text('marketplace.id').nullable(),
  value: text('value').nullable(),
  created_at: createdAtColumn(),
  updated_at: updatedAtColumn(),
});

export const configurations: Served<ConfigurationData> = {
  decl: configurationResource,
  table: configurationTable,
  scope: (ctx, params) =>
    sql<boolean>`t.product_id = ${params.productId ?? ''} and ${productVisible(ctx, sql`t.product_id`)}`,
  parentVisible: (ctx, params, db) => productIsVisible(db, ctx, params.productId),

  async create(ctx, input, params, db) {
    const product = await productForWrite(db, ctx, params.productId);
    const { rows: found } = await sql<{ data: Parameter }>`select data from product_parameters
      where product_id = ${product.id} and id = ${input.parameter.id}`.execute(db);
    const param = found[0]?.data;
    if (!param)
      throw ApiError.badRequest(`parameter: Parameter '${input.parameter.id}' does not exist in this product.`);
    if (param.phase !== 'configuration') {
      throw ApiError.badRequest(
        `parameter: '${param.name}' is a parameter of the ${param.phase} phase; configuration data takes configuration parameters only.`,
      );
    }
    checkTarget(param, input);
    let item: ConfigurationData['item'] = null;
    if (input.item) {
      const { rows } = await sql<{
        id: string;
        name: string;
      }>`select id, name from items where product_id = ${product.id} and id = ${input.item.id}`.execute(db);
      if (!rows.length) throw ApiError.badRequest(`item: Item '${input.item.id}' does not exist in this product.`);
      item = { id: rows[0].id, name: rows[0].name };
    }
    // Marketplaces are opaque ids until the distribution area exists.
    const marketplace = input.marketplace ? { id: input.marketplace.id } : null;
    const value: ParamValue = { value: input.value ?? null, structured_value: input.structured_value ?? null };
    await validate(db, product.id, param, item?.id ?? null, marketplace?.id ?? null, value);

    const id = keyOf(param.id, item?.id ?? null, marketplace?.id ?? null);
    const { rows: existing } = await sql<{
      data: ConfigurationData;
    }>`select data from product_configurations where id = ${id} for update`.execute(db);
    const fresh: ConfigurationData = {
      id,
      value: value.value ?? null,
      structured_value: value.structured_value ?? null,
      parameter: parameterSnapshot(param),
      item,
      marketplace,
      product: { id: product.id },
      events: {},
    };
    if (!existing.length) return { object: fresh, extra: { account_id: product.data.owner.id } };
    // Upsert: the row is replaced, keeping when it was first created.
    await sql`delete from product_configurations where id = ${id}`.execute(db);
    return {
      object: stampUpdated(ctx, { ...fresh, events: existing[0].data.events }),
      extra: { account_id: product.data.owner.id },
    };
  },
};

/** Validate one value with the shared validator; dependencies see the other values stored for the same target. */
async function validate(
  db: Db,
  productId: string,
  param: Parameter,
  itemId: string | null,
  marketplaceId: string | null,
  value: ParamValue,
) {
  const { rows: params } = await sql<{ data: Parameter }>`select data from product_parameters
    where product_id = ${productId} and phase = 'configuration' order by position, id`.execute(db);
  // Most specific stored value first: exact target, then item-only / marketplace-only, then product-wide.
  const { rows: stored } = await sql<{
    name: string;
    data: ConfigurationData;
  }>`select p.name, c.data from product_configurations c
    join product_parameters p on p.id = c.parameter_id
    where c.product_id = ${productId} and (c.item_id is null or c.item_id = ${itemId}) and (c.marketplace_id is null or c.marketplace_id = ${marketplaceId})
    order by (c.item_id is not null)::int + (c.marketplace_id is not null)::int desc`.execute(db);
  const values: Record<string, ParamValue> = {};
  for (const s of stored) values[s.name] ??= { value: s.data.value, structured_value: s.data.structured_value };
  values[param.name] = value;
  const error = validateParameterValues(
    params.map((r) => r.data),
    values,
  ).errors[param.name];
  if (!error) return;
  const messages = [`${param.name}: ${error.value_error}`];
  for (const [part, message] of Object.entries(error.structured_error ?? {}))
    messages.push(`${param.name}.${part}: ${message}`);
  throw new ApiError(400, ErrorCode.validation, messages, { params: { [param.name]: error } });
}
