import { sql } from 'kysely';
import { parameterResource, type Parameter } from '@trellis/domain';
import { ApiError } from '../../../http/errors.ts';
import type { Served } from '../../../resources/engine.ts';
import { defineTable, int, text } from '../../../resources/table.ts';
import { createdAtColumn, updatedAtColumn } from '../columns.ts';
import type { VersionedKind } from '../versions.ts';
import { productForWrite, productIsVisible, productVisible } from '../visibility.ts';
import {
  assertDefinition,
  defaultScope,
  mergeConstraints,
  nextParameterId,
  normaliseConstraints,
  productParameters,
} from './definitions.ts';

const snapshot = (p: Parameter) => ({
  id: p.id,
  name: p.name,
  title: p.title,
  description: p.description,
  type: p.type,
  scope: p.scope,
  phase: p.phase,
  constraints: p.constraints,
});

export const parameterTable = defineTable('product_parameters', {
  id: text('id'),
  product_id: text('product.id'),
  /** The product's vendor, set when the parameter is made. */
  account_id: text(),
  name: text('name'),
  title: text('title'),
  type: text('type'),
  phase: text('phase'),
  scope: text('scope'),
  position: int('position'),
  created_at: createdAtColumn(),
  updated_at: updatedAtColumn(),
});

/** The last PRM sequence number used per product, so a deleted parameter's id is never handed out again. */
export const parameterSequenceTable = defineTable(
  'product_parameter_sequences',
  { product_id: text(), last: int() },
  { data: false },
);

/** Product parameters: the vendor edits them (live = the next version); linked providers read them. */
export const parameters: Served<Parameter> = {
  decl: parameterResource,
  table: parameterTable,
  scope: (ctx, params) =>
    sql<boolean>`t.product_id = ${params.productId ?? ''} and ${productVisible(ctx, sql`t.product_id`)}`,
  parentVisible: (ctx, params, db) => productIsVisible(db, ctx, params.productId),

  async create(ctx, input, params, db) {
    const product = await productForWrite(db, ctx, params.productId);
    // The product row lock serialises id and position numbering of concurrent creates.
    await sql`select id from products where id = ${product.id} for update`.execute(db);
    const siblings = await productParameters(db, product.id);
    if (siblings.some((s) => s.name === input.name)) {
      throw ApiError.badRequest(`name: A parameter named '${input.name}' already exists in this product.`);
    }
    const phase: Parameter['phase'] = input.phase ?? 'ordering';
    const param: Parameter = {
      id: await nextParameterId(db, product.id),
      name: input.name,
      title: input.title,
      description: input.description ?? '',
      hint: input.hint ?? '',
      placeholder: input.placeholder ?? '',
      type: input.type ?? 'text',
      phase,
      scope: input.scope ?? defaultScope(phase),
      constraints: normaliseConstraints(input.constraints),
      ...(input.default !== undefined ? { default: input.default } : {}),
      default_country: input.default_country ?? null,
      parent: input.parent?.id ? { id: input.parent.id } : null,
      position: input.position ?? Math.max(0, ...siblings.map((s) => s.position)) + 1,
      product: { id: product.id },
      events: {},
    };
    assertDefinition(param, siblings);
    return { object: param, extra: { account_id: product.data.owner.id } };
  },

  async update(_ctx, current, input, _params, db) {
    const phase: Parameter['phase'] = input.phase ?? current.phase;
    // A phase change without a scope moves the parameter to the new phase's first scope when its own no longer fits.
    const scope = input.scope ?? (phase === current.phase ? current.scope : defaultScope(phase));
    const next: Parameter = {
      ...current,
      ...Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && k !== 'constraints')),
      phase,
      scope,
      description: input.description === null ? '' : (input.description ?? current.description),
      hint: input.hint ?? current.hint,
      placeholder: input.placeholder ?? current.placeholder,
      default_country: input.default_country === undefined ? current.default_country : (input.default_country ?? null),
      parent: input.parent === undefined ? current.parent : input.parent?.id ? { id: input.parent.id } : null,
      constraints: mergeConstraints(current.constraints, input.constraints),
    };
    if (input.default === null) delete next.default;
    assertDefinition(next, await productParameters(db, current.product.id));
    // Configuration values follow the parameter: a new phase or scope makes them meaningless; otherwise refresh their copy.
    if (next.phase !== current.phase || next.scope !== current.scope) {
      await sql`delete from product_configurations where parameter_id = ${current.id}`.execute(db);
    } else {
      await sql`update product_configurations set data = jsonb_set(data, '{parameter}', ${JSON.stringify(snapshot(next))}::jsonb)
        where parameter_id = ${current.id}`.execute(db);
    }
    return next;
  },

  /** A parameter others depend on stays until they change. */
  async remove(_ctx, current, _params, db) {
    const dependents = (await productParameters(db, current.product.id)).filter((s) => {
      const dep = s.constraints.dependency?.parameter;
      return s.id !== current.id && dep && (dep.name === current.name || dep.id === current.id);
    });
    if (dependents.length) {
      const names = dependents.map((d) => `'${d.name}'`).join(', ');
      throw ApiError.badRequest(
        `Parameter '${current.name}' is a dependency of ${names}; remove or change that dependency first.`,
      );
    }
  },
};

export { snapshot as parameterSnapshot };

/** Versions freeze the parameter definitions as they were when built. */
export const versionedParameters: VersionedKind = {
  kind: 'parameters',
  async rows(db, productId) {
    const { rows } = await sql<{ id: string; data: any }>`select id, data from product_parameters
      where product_id = ${productId} order by position, id`.execute(db);
    return rows;
  },
};
