import { sql } from 'kysely';
import { brandResource, ErrorCode, type OwnedBrand } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import type { Db, Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { defineTable, text, timestamp } from '../../resources/table.ts';

// /brands: the caller's own brand (an account owns at most one). BR-000, the installation's, has no owner and so is
// never listed, read or written through here.

export const brandTable = defineTable('brands', {
  id: text('id'),
  account_id: text('owner.id').nullable(),
  name: text('name'),
  subdomain: text('subdomain').nullable(),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp('events.updated.at'),
});

/** A 409 that names the field, so forms put it there. */
export function fieldConflict(field: string, message: string): ApiError {
  return new ApiError(409, ErrorCode.conflict, [`${field}: ${message}`], { fields: { [field]: [message] } });
}

async function assertSubdomainFree(db: Db, subdomain: string, exceptId = '') {
  const { rows } = await sql<{ id: string }>`select id from brands
    where subdomain = ${subdomain} and id <> ${exceptId} limit 1`.execute(db);
  if (rows.length) throw fieldConflict('subdomain', `The subdomain ${subdomain} is taken by another brand.`);
}

async function newBrandId(db: Db): Promise<string> {
  for (;;) {
    const id = newId('BR', 2, 3);
    if (!(await db.selectFrom('brands').select('id').where('id', '=', id).executeTakeFirst())) return id;
  }
}

export const brands: Served<OwnedBrand> = {
  decl: brandResource,
  table: brandTable,
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,
  owner: (b) => b.owner.id,
  async create(ctx, input, _params, db) {
    const own = await db.selectFrom('brands').select('id').where('account_id', '=', ctx.account.id).executeTakeFirst();
    if (own) throw ApiError.conflict(`This account already owns the brand ${own.id}; change that one instead.`);
    const subdomain = input.subdomain.trim().toLowerCase();
    await assertSubdomainFree(db, subdomain);
    return {
      id: await newBrandId(db),
      name: input.name.trim(),
      subdomain,
      owner: { id: ctx.account.id, name: ctx.account.name },
      events: {},
    };
  },
  async update(_ctx, current, input, _params, db) {
    const next = { ...current };
    if (input.name !== undefined) next.name = input.name.trim();
    if (input.subdomain !== undefined) {
      next.subdomain = input.subdomain.trim().toLowerCase();
      await assertSubdomainFree(db, next.subdomain, current.id);
    }
    if (next.name !== current.name) {
      // the portals carry the brand's name (reference branding.BrandReference)
      await sql`update brand_portals set data = jsonb_set(data, '{brand,name}', to_jsonb(${next.name}::text))
        where brand_id = ${current.id}`.execute(db);
    }
    return next;
  },
};
