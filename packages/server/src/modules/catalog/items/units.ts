import { sql } from 'kysely';
import { unitResource, type Unit } from '@trellis/domain';
import { ApiError } from '../../../http/errors.ts';
import type { Served } from '../../../resources/engine.ts';
import { defineTable, text } from '../../../resources/table.ts';
import { createdAtColumn, updatedAtColumn } from '../columns.ts';
import { newId } from '../../../resources/ids.ts';

export const unitTable = defineTable('units', {
  id: text('id'),
  account_id: text('owner.id').nullable(),
  name: text('name'),
  created_at: createdAtColumn(),
  updated_at: updatedAtColumn(),
});

/**
 * Units of measure: everyone reads the shared list; a vendor also reads and edits its own (the domain's rules:
 * shared units are read-only).
 */
export const units: Served<Unit> = {
  decl: unitResource,
  table: unitTable,
  owner: (u) => u.owner?.id ?? '',
  scope: (ctx) => sql<boolean>`(t.account_id is null or t.account_id = ${ctx.account.id})`,
  async create(ctx, input, _params, db) {
    const id = input.id ?? newId('UN', 3, 3);
    const { rows } = await sql`select 1 from units where lower(id) = lower(${id})`.execute(db);
    if (rows.length) throw ApiError.badRequest(`id: Unit '${id}' already exists.`);
    return {
      id,
      name: input.name,
      title: input.title || input.name,
      description: input.description || input.title || input.name,
      unit: input.unit || id,
      mpn: input.mpn ?? null,
      owner: { id: ctx.account.id, name: ctx.account.name },
      events: {},
    };
  },
  async update(_ctx, current, input, _params, db) {
    const next = { ...current, ...input };
    // items embed {id, name, title, unit} of their unit: keep this vendor's items in step
    const ref = JSON.stringify({ id: next.id, name: next.name, title: next.title, unit: next.unit });
    await sql`update items set data = jsonb_set(data, '{unit}', ${ref}::jsonb) where unit_id = ${current.id}`.execute(
      db,
    );
    return next;
  },
  async remove(_ctx, current, _params, db) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from items where unit_id = ${current.id}`.execute(
      db,
    );
    if (Number(rows[0].n) > 0)
      throw ApiError.badRequest(`Unit '${current.id}' is used by ${rows[0].n} item(s) and cannot be deleted.`);
  },
};
