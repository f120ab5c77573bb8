import { sql } from 'kysely';
import {
  partnerProductResource,
  partnerResource,
  type Partner,
  type PartnerStatus,
  type ProductVersion,
} from '@trellis/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { inList } from '../../db/in-list.ts';
import { recordAudit } from '../../resources/audit.ts';
import { insertObject, stampCreated, stampUpdated, updateObject, type Served } from '../../resources/engine.ts';

/** The partner record `viewer` keeps about `account` (an accounts row). */
function partnerView(
  account: { id: string; name: string; type: string; data: any },
  viewer: string,
  by: Partner['invitation']['by'],
): Partner {
  return {
    id: account.id,
    name: account.name,
    status: 'invited',
    icon: account.data.icon ?? null,
    type: account.type as Partner['type'],
    role: account.data.role ?? account.type,
    description: account.data.description ?? '',
    overview: '',
    headquarters: '',
    countries: [],
    languages: {},
    websites: {},
    stats: { listings: 0, contracts: { distribution: 0, program: 0, service: 0, syndication: 0 } },
    public: {},
    invitation: { by, at: new Date().toISOString() },
    account: { id: viewer },
    events: {},
  };
}

/** The other side's row moves with the caller's (both views of one relation always agree). */
async function moveMirror(db: Transaction<DB>, ctx: Ctx, current: Partner, status: PartnerStatus) {
  const row = await db
    .selectFrom('partners')
    .select('data')
    .where('account_id', '=', current.id)
    .where('id', '=', current.account.id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return;
  const before = row.data as Partner;
  const after = stampUpdated(ctx, { ...before, status });
  await updateObject(partners, after, db);
  await recordAudit(db, ctx, {
    res: partners,
    objectId: before.id,
    action: status === 'active' ? 'accept' : 'remove',
    owner: current.id,
    before,
    after,
  });
}

/** Vendor–provider relations: invited → active (the invited side accepts) → removed (either side). */
export const partners: Served<Partner> = {
  decl: partnerResource,
  table: 'partners',
  columns: { id: 'id', name: 'name', status: 'status', 'events.created.at': 'created_at' },
  key: (p) => ({ account_id: p.account.id, id: p.id }),
  owner: (p) => p.account.id,
  row: (p) => ({
    account_id: p.account.id,
    id: p.id,
    status: p.status,
    name: p.name,
    created_at: p.events.created.at,
    updated_at: p.events.updated?.at ?? p.events.created.at,
  }),
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,
  async create(ctx, input, _params, db) {
    const target = await db.selectFrom('accounts').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!target) throw ApiError.badRequest(`id: account ${input.id} does not exist.`);
    if (target.type === ctx.account.type) {
      throw ApiError.badRequest(
        `id: a ${ctx.account.type} partners with ${ctx.account.type === 'vendor' ? 'providers' : 'vendors'} only.`,
      );
    }
    // both sides may invite each other at once: lock the two accounts, always in the same order
    await sql`select id from accounts where id in (${ctx.account.id}, ${target.id}) order by id for update`.execute(db);
    const existing = await db
      .selectFrom('partners')
      .select('status')
      .where('account_id', '=', ctx.account.id)
      .where('id', '=', target.id)
      .forUpdate()
      .executeTakeFirst();
    if (existing && existing.status !== 'removed')
      throw ApiError.conflict(`Account ${target.id} is already a partner (${existing.status}).`);
    // a removed partner can be invited again: the old views give way to new ones
    await db
      .deleteFrom('partners')
      .where((eb) =>
        eb.or([
          eb.and([eb('account_id', '=', ctx.account.id), eb('id', '=', target.id)]),
          eb.and([eb('account_id', '=', target.id), eb('id', '=', ctx.account.id)]),
        ]),
      )
      .execute();
    const me = await db.selectFrom('accounts').selectAll().where('id', '=', ctx.account.id).executeTakeFirstOrThrow();
    const by = { id: ctx.account.id, name: ctx.account.name };
    const mirror = stampCreated(ctx, partnerView(me, target.id, by));
    await insertObject(partners, mirror, db);
    await recordAudit(db, ctx, {
      res: partners,
      objectId: mirror.id,
      action: 'create',
      owner: target.id,
      after: mirror,
    });
    return partnerView(target, ctx.account.id, by);
  },
  actions: {
    async accept(ctx, current, _body, _params, db) {
      if (current.invitation.by.id === ctx.account.id)
        throw ApiError.forbidden('Only the invited account can accept the invitation.');
      await moveMirror(db, ctx, current, 'active');
      return {
        ...current,
        status: 'active',
        events: { ...current.events, accepted: { at: new Date().toISOString(), by: actorOf(ctx) } },
      };
    },
    async remove(ctx, current, _body, _params, db) {
      await moveMirror(db, ctx, current, 'removed');
      return { ...current, status: 'removed' };
    },
  },
  /** stats: listed listings and active contracts between the account and each partner, either way round, for a page at once. */
  async presentMany(ps, _ctx, _include, db) {
    const key = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);
    const ids = [...new Set(ps.flatMap((p) => [p.id, p.account.id]))];
    const { rows } = ids.length
      ? await sql<{ account_id: string; provider_id: string; n: string }>`select account_id, provider_id,
      count(*) as n from listings where status = 'listed' and ${inList(sql`account_id`, ids)} and ${inList(sql`provider_id`, ids)}
      group by account_id, provider_id`.execute(db)
      : { rows: [] };
    const listed = new Map<string, number>();
    for (const r of rows)
      listed.set(key(r.account_id, r.provider_id), (listed.get(key(r.account_id, r.provider_id)) ?? 0) + Number(r.n));
    // active contracts between the two, by kind (partner management)
    const { rows: signed } = ids.length
      ? await sql<{ a: string; b: string; type: string; n: string }>`select account_id as a, owner_id as b, type,
      count(*) as n from contracts where status = 'active' and ${inList(sql`account_id`, ids)} and ${inList(sql`owner_id`, ids)}
      group by account_id, owner_id, type`.execute(db)
      : { rows: [] };
    const contracts = new Map<string, Record<string, number>>();
    for (const r of signed) {
      const k = key(r.a, r.b);
      contracts.set(k, { ...(contracts.get(k) ?? {}), [r.type]: Number(r.n) });
    }
    return ps.map((p) => {
      const k = key(p.account.id, p.id);
      const c = contracts.get(k) ?? {};
      return {
        ...p,
        stats: {
          listings: listed.get(k) ?? 0,
          contracts: {
            distribution: c.distribution ?? 0,
            program: c.program ?? 0,
            service: c.service ?? 0,
            syndication: c.syndication ?? 0,
          },
        },
      };
    });
  },
};

/** /partners/{id}/products: the latest built version of each product of the partnership (see partnerProductResource). */
export const partnerProducts: Served<ProductVersion> = {
  decl: partnerProductResource,
  table: 'product_versions',
  columns: { id: 'product_id', version: 'version' },
  idColumn: 'product_id',
  row: () => ({}),
  parentVisible: async (ctx, params, db) =>
    !!(await db
      .selectFrom('partners')
      .select('id')
      .where('account_id', '=', ctx.account.id)
      .where('id', '=', params.partnerId ?? '')
      .executeTakeFirst()),
  scope: (ctx, params) => {
    const partner = params.partnerId ?? '';
    const latest = sql`t.status = 'ready' and t.version = (select max(v.version) from product_versions v where v.product_id = t.product_id and v.status = 'ready')`;
    const active = sql`exists (select 1 from partners where account_id = ${ctx.account.id} and id = ${partner} and status = 'active')`;
    const side =
      ctx.account.type === 'provider'
        ? sql`t.account_id = ${partner} and t.product_id in (select id from products where account_id = ${partner} and status in ('published', 'endofsale'))`
        : sql`t.account_id = ${ctx.account.id} and t.product_id in (select product_id from product_links where account_id = ${partner})`;
    return sql<boolean>`${latest} and ${active} and ${side}`;
  },
  present: (v) => ({ ...v, latest: true, public: true, staging: false }),
};

/**
 * Make two accounts partners, or end it (partner management: an active distribution contract is what makes a
 * vendor and a distributor partners; terminating the last one ends it). Both views change together, audited as
 * the contract's caller; existing listings and subscriptions are left alone.
 */
export async function setPartnership(
  db: Transaction<DB>,
  ctx: Ctx,
  pair: { vendorId: string; providerId: string; by: { id: string; name: string } },
  active: boolean,
) {
  const ids = [pair.vendorId, pair.providerId].sort();
  await sql`select id from accounts where id in (${ids[0]}, ${ids[1]}) order by id for update`.execute(db);
  const status: PartnerStatus = active ? 'active' : 'removed';
  for (const [viewer, other] of [
    [pair.vendorId, pair.providerId],
    [pair.providerId, pair.vendorId],
  ]) {
    const row = await db
      .selectFrom('partners')
      .select('data')
      .where('account_id', '=', viewer)
      .where('id', '=', other)
      .forUpdate()
      .executeTakeFirst();
    if (!row) {
      if (!active) continue;
      const account = await db.selectFrom('accounts').selectAll().where('id', '=', other).executeTakeFirstOrThrow();
      const made = stampCreated(ctx, { ...partnerView(account, viewer, pair.by), status });
      await insertObject(partners, made, db);
      await recordAudit(db, ctx, { res: partners, objectId: made.id, action: 'create', owner: viewer, after: made });
      continue;
    }
    const before = row.data as Partner;
    if (before.status === status) continue;
    const after = stampUpdated(ctx, { ...before, status }, active ? 'accepted' : 'removed');
    await updateObject(partners, after, db);
    await recordAudit(db, ctx, {
      res: partners,
      objectId: before.id,
      action: active ? 'accept' : 'remove',
      owner: viewer,
      before,
      after,
    });
  }
}
