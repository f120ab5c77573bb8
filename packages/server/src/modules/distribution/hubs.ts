import { sql } from 'kysely';
import { hubMarketplaceResource, hubResource, type Hub, type HubMarketplace, type Marketplace } from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db, Params, Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { countsById, inList } from '../../db/in-list.ts';
import { hubVisible, marketplaceVisible } from './access.ts';

function ownerOnly(ctx: Ctx, h: Hub) {
  if (h.company.id !== ctx.account.id) throw ApiError.forbidden('Only the provider that owns this hub can change it.');
}

/** jsonb containment: marketplaces whose `hubs` include this hub. */
const hasHub = (hubId: string) => sql<boolean>`t.data->'hubs' @> ${JSON.stringify([{ hub: { id: hubId } }])}::jsonb`;

export const hubs: Served<Hub> = {
  decl: hubResource,
  table: 'hubs',
  columns: {
    id: 'id',
    name: 'name',
    'company.id': 'account_id',
    'events.created.at': 'created_at',
    'events.updated.at': 'updated_at',
  },
  row: (h) => ({
    id: h.id,
    account_id: h.company.id,
    name: h.name,
    created_at: h.events.created.at,
    updated_at: h.events.updated?.at ?? h.events.created.at,
  }),
  scope: (ctx) => hubVisible(ctx, sql`t.id`, sql`t.account_id`),
  canWrite: (ctx) => ctx.account.type === 'provider',
  async create(ctx, input) {
    return {
      id: newId('HB', 2, 4),
      name: input.name,
      description: input.description ?? '',
      company: { id: ctx.account.id, name: ctx.account.name },
      instance: { id: input.instance_id ?? null, type: input.instance_type ?? 'API' },
      version: input.version ?? null,
      extension_version: input.extension_version ?? null,
      last_health_check: null,
      events: {},
    };
  },
  async update(ctx, current, input) {
    ownerOnly(ctx, current);
    const { instance_id, instance_type, ...rest } = input;
    return {
      ...current,
      ...rest,
      instance: {
        id: instance_id === undefined ? current.instance.id : instance_id,
        type: instance_type ?? current.instance.type,
      },
    };
  },
  async remove(ctx, current, _params, db) {
    ownerOnly(ctx, current);
    const connected = await db
      .selectFrom('connections')
      .select('id')
      .where('hub_id', '=', current.id)
      .executeTakeFirst();
    if (connected) throw ApiError.badRequest(`Hub ${current.id} has connections and cannot be deleted.`);
    const { rows } = await sql`select id from marketplaces t where ${hasHub(current.id)} limit 1`.execute(db);
    if (rows.length)
      throw ApiError.badRequest(`Hub ${current.id} is used by a marketplace; remove it from the marketplace first.`);
  },
  /** stats: active connections and marketplaces using each hub, one query per count for the whole page. */
  async presentMany(hs, _ctx, _include, db) {
    const ids = hs.map((h) => h.id);
    const conns = await sql<{ id: string; n: string }>`select hub_id as id, count(*) as n from connections
      where ${inList(sql`hub_id`, ids)} and status = 'active' group by hub_id`.execute(db);
    const markets = await sql<{ id: string; n: string }>`select e->'hub'->>'id' as id, count(distinct t.id) as n
      from marketplaces t, jsonb_array_elements(case when jsonb_typeof(t.data->'hubs') = 'array' then t.data->'hubs' else '[]'::jsonb end) e
      where ${inList(sql`e->'hub'->>'id'`, ids)} group by 1`.execute(db);
    const c = countsById(conns.rows);
    const m = countsById(markets.rows);
    return hs.map((h) => ({ ...h, stats: { connections: c.get(h.id) ?? 0, marketplaces: m.get(h.id) ?? 0 } }));
  },
};

/** Whether the hub in the path is visible to the caller (else its sub-lists answer 404). */
export async function hubIsVisible(db: Db, ctx: Ctx, hubId: string | undefined): Promise<boolean> {
  if (!hubId) return false;
  const { rows } =
    await sql`select 1 from hubs t where t.id = ${hubId} and ${hubVisible(ctx, sql`t.id`, sql`t.account_id`)}`.execute(
      db,
    );
  return rows.length > 0;
}

/** GET /hubs/{id}/marketplaces: the visible marketplaces that use the hub, with the hub's external id for each. */
export const hubMarketplaces: Served<Marketplace> = {
  decl: hubMarketplaceResource,
  table: 'marketplaces',
  columns: { id: 'id', name: 'name' },
  row: () => ({}),
  parentVisible: (ctx, params, db) => hubIsVisible(db, ctx, params.hubId),
  scope: (ctx, params: Params) =>
    sql<boolean>`${hasHub(params.hubId ?? '')} and ${marketplaceVisible(ctx, sql`t.id`, sql`t.account_id`)}`,
};

export function asHubMarketplace(m: Marketplace, hubId: string): HubMarketplace {
  const link = m.hubs.find((h) => h.hub.id === hubId);
  return { id: m.id, name: m.name, icon: m.icon, description: m.description, external_id: link?.external_id ?? '' };
}
