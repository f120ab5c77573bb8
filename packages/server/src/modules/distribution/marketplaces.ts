import { sql } from 'kysely';
import { marketplaceResource, rqlMentions, type Marketplace } from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db, Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { countsById, inList } from '../../db/in-list.ts';
import { marketplaceVisible } from './access.ts';
import { countryRefs } from './countries.ts';

/** Hubs named by a client must be the provider's own; stored as {hub: {id, name}, external_id}. */
async function hubRefs(db: Db, ctx: Ctx, input: { hub: { id: string }; external_id?: string }[] | undefined) {
  if (!input) return undefined;
  const ids = [...new Set(input.map((h) => h.hub.id))];
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('hubs')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .where('account_id', '=', ctx.account.id)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw ApiError.badRequest(`hubs: hub ${missing.join(', ')} does not exist.`);
  const seen = new Set<string>();
  return input
    .filter((h) => !seen.has(h.hub.id) && seen.add(h.hub.id))
    .map((h) => ({ hub: byId.get(h.hub.id)!, external_id: h.external_id ?? '' }));
}

/** A fresh MP-xxxxx id (5 digits leave room for collisions, so check). */
async function newMarketplaceId(db: Db): Promise<string> {
  for (;;) {
    const id = newId('MP', 1, 5);
    if (!(await db.selectFrom('marketplaces').select('id').where('id', '=', id).executeTakeFirst())) return id;
  }
}

function ownerOnly(ctx: Ctx, m: Marketplace) {
  if (m.owner.id !== ctx.account.id)
    throw ApiError.forbidden('Only the provider that owns this marketplace can change it.');
}

export const marketplaces: Served<Marketplace> = {
  decl: marketplaceResource,
  table: 'marketplaces',
  columns: {
    id: 'id',
    name: 'name',
    currency: 'currency',
    'owner.id': 'account_id',
    'events.created.at': 'created_at',
  },
  row: (m) => ({
    id: m.id,
    account_id: m.owner.id,
    name: m.name,
    currency: m.currency,
    created_at: m.events.created.at,
    updated_at: m.events.updated?.at ?? m.events.created.at,
  }),
  scope: (ctx) => marketplaceVisible(ctx, sql`t.id`, sql`t.account_id`),
  // Spec §6: a provider's list shows the marketplaces it owns, unless the query filters on owner.id itself.
  listWhere: (ctx, query) =>
    ctx.account.type === 'provider' && !rqlMentions(query.filter, 'owner.id')
      ? sql<boolean>`t.account_id = ${ctx.account.id}`
      : null,
  canWrite: (ctx) => ctx.account.type === 'provider',
  async create(ctx, input, _params, db) {
    return {
      id: await newMarketplaceId(db),
      name: input.name,
      description: input.description ?? null,
      owner: { id: ctx.account.id, name: ctx.account.name },
      icon: null,
      zone: input.zone ?? null,
      hubs: (await hubRefs(db, ctx, input.hubs)) ?? [],
      active_contracts: 0,
      countries: (await countryRefs(db, input.countries)) ?? [],
      currency: input.currency ?? null,
      alt_currency_1: input.alt_currency_1 ?? null,
      alt_currency_2: input.alt_currency_2 ?? null,
      events: {},
    };
  },
  async update(ctx, current, input, _params, db) {
    ownerOnly(ctx, current);
    const hubs = await hubRefs(db, ctx, input.hubs);
    const countryList = await countryRefs(db, input.countries);
    return { ...current, ...input, hubs: hubs ?? current.hubs, countries: countryList ?? current.countries };
  },
  async remove(ctx, current, _params, db) {
    ownerOnly(ctx, current);
    const used =
      (await db.selectFrom('listings').select('id').where('marketplace_id', '=', current.id).executeTakeFirst()) ??
      (await db
        .selectFrom('listing_requests')
        .select('id')
        .where('marketplace_id', '=', current.id)
        .executeTakeFirst());
    if (used)
      throw ApiError.badRequest(`Marketplace ${current.id} has listings or listing requests and cannot be deleted.`);
  },
  /** stats: listed listings of each marketplace, one query for the page. */
  async presentMany(ms, _ctx, _include, db) {
    const { rows } = await sql<{ id: string; n: string }>`select marketplace_id as id, count(*) as n from listings
      where ${inList(
        sql`marketplace_id`,
        ms.map((m) => m.id),
      )} and status = 'listed' group by marketplace_id`.execute(db);
    const listed = countsById(rows);
    return ms.map((m) => ({ ...m, stats: { listings: listed.get(m.id) ?? 0, hubs: m.hubs.length } }));
  },
};
