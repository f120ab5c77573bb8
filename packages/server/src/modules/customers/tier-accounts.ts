import { sql, type RawBuilder } from 'kysely';
import {
  tierAccountResource,
  tierAccountVersionResource,
  tierDatabaseOf,
  tierScopeOf,
  TIER_SCOPE_LABELS,
  type TierAccount,
  type TierAccountCreate,
  type TierAccountUpdate,
  type TierScope,
} from '@trellis/domain';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { hideStatusUnlessAsked, type Db, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { defineTable, int, text, timestamp } from '../../resources/table.ts';
import { tierAccountChanged } from './hooks.ts';

type Parent = NonNullable<TierAccount['parent']>;

/** external_uid and external_id identify a tier account within its provider (decommissioned ones aside). */
async function assertUnique(
  db: Db,
  ctx: Ctx,
  field: 'external_uid' | 'external_id',
  value: string | null | undefined,
  exceptId = '',
) {
  if (value === null || value === undefined || value === '') return;
  const { rows } = await sql<{ id: string }>`select id from tier_accounts where account_id = ${ctx.account.id}
    and ${sql.ref(field)} = ${value} and status <> 'decommissioned' and id <> ${exceptId} limit 1`.execute(db);
  if (rows.length) throw ApiError.badRequest(`${field}: Tier account ${rows[0].id} already has ${field} '${value}'.`);
}

/** The parent of a customer is a reseller (T1 or T2); the parent of a reseller is a T1, which makes it a T2. */
async function resolveParent(
  db: Db,
  ctx: Ctx,
  type: TierAccount['type'],
  id: string | undefined,
  selfId = '',
): Promise<{ parent: Parent | null; scope: TierScope }> {
  if (!id) return { parent: null, scope: tierScopeOf(type, null) };
  if (id === selfId) throw ApiError.badRequest('parent.id: A tier account cannot be its own parent.');
  const { rows } = await sql<{ data: TierAccount }>`select data from tier_accounts
    where id = ${id} and account_id = ${ctx.account.id} and status = 'active'`.execute(db);
  if (!rows.length) throw ApiError.badRequest(`parent.id: Tier account ${id} not found.`);
  const p = rows[0].data;
  const parentScope = p.scopes[0];
  if (p.type !== 'reseller')
    throw ApiError.badRequest(`parent.id: ${p.id} is a customer; only a reseller can be a parent.`);
  if (type === 'reseller' && parentScope !== 'tier1') {
    throw ApiError.badRequest(
      `parent.id: ${p.id} is a ${TIER_SCOPE_LABELS[parentScope]}; a reseller's parent must be a T1.`,
    );
  }
  const grand = p.parent ? { id: p.parent.id, name: p.parent.name, external_id: p.parent.external_id ?? null } : null;
  return {
    parent: { id: p.id, name: p.name, external_id: p.external_id, parent: grand },
    scope: tierScopeOf(type, parentScope),
  };
}

/** Active tier accounts directly under this one. */
async function childCount(db: Db, id: string): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from tier_accounts where parent_id = ${id} and status = 'active'`.execute(db);
  return Number(rows[0].n);
}

/** Keep the current state as a version of its own before the account changes. */
async function keepVersion(db: Db, current: TierAccount) {
  await sql`insert into tier_account_versions (tier_account_id, version, account_id, status, updated_at, data)
    values (${current.id}, ${current.version}, ${current.owner.id}, ${current.status},
      ${current.events.updated?.at ?? current.events.created.at}, ${JSON.stringify(current)}::jsonb)`.execute(db);
}

/** Children show their parent's (and grandparent's) current name and external id. */
async function refreshParentRefs(db: Db, a: TierAccount) {
  const ref = JSON.stringify({ id: a.id, name: a.name, external_id: a.external_id });
  await sql`update tier_accounts set data = jsonb_set(data, '{parent}', (data->'parent') || ${ref}::jsonb)
    where parent_id = ${a.id}`.execute(db);
  await sql`update tier_accounts set data = jsonb_set(data, '{parent,parent}', ${ref}::jsonb)
    where data->'parent'->'parent'->>'id' = ${a.id}`.execute(db);
}

/** Key order aside (jsonb stores keys in its own order, so a stored parent and a rebuilt one differ only in order). */
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
const COMPARED = [
  'name',
  'type',
  'external_id',
  'external_uid',
  'tax_id',
  'parent',
  'environment',
  'contact_info',
] as const;

function withContactDefaults(ci: TierAccountCreate['contact_info']): TierAccount['contact_info'] {
  const p = ci.contact.phone_number;
  return {
    ...ci,
    address_line2: ci.address_line2 ?? null,
    contact: {
      ...ci.contact,
      phone_number: {
        country_code: p.country_code ?? null,
        area_code: p.area_code ?? null,
        phone_number: p.phone_number ?? null,
        extension: p.extension ?? null,
      },
    },
  };
}

/**
 * Who reads a tier account (column `col`): the provider that owns it, and a vendor whose subscriptions (assets)
 * name it as customer, T1 or T2. Only the provider writes (the declaration's writableBy).
 */
const tierAccountVisible = (ctx: Ctx, col: RawBuilder<unknown>, ownerCol: RawBuilder<unknown>) =>
  ctx.account.type === 'vendor'
    ? sql<boolean>`${col} in (select customer_id from assets where vendor_id = ${ctx.account.id}
      union select tier1_id from assets where vendor_id = ${ctx.account.id} and tier1_id is not null
      union select tier2_id from assets where vendor_id = ${ctx.account.id} and tier2_id is not null)`
    : sql<boolean>`${ownerCol} = ${ctx.account.id}`;

/**
 * Tier accounts belong to the provider account that created them; vendors read those of their subscriptions.
 * Every change bumps `version` and keeps the previous state in tier_account_versions; DELETE decommissions
 * (final) instead of deleting.
 */
export const tierAccountTable = defineTable('tier_accounts', {
  id: text('id'),
  account_id: text('owner.id'),
  status: text('status'),
  scope: text((a: TierAccount) => a.scopes[0]),
  type: text('type'),
  name: text('name'),
  external_id: text('external_id').nullable(),
  external_uid: text('external_uid'),
  parent_id: text('parent.id').nullable(),
  version: int('version'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((a: TierAccount) => a.events.updated?.at ?? a.events.created.at),
});

/** Earlier versions of a tier account, each its full state (written by the update flow, not the engine). */
export const tierAccountVersionTable = defineTable('tier_account_versions', {
  tier_account_id: text(),
  version: int(),
  account_id: text(),
  status: text(),
  updated_at: timestamp(),
});

export const tierAccounts: Served<TierAccount> = {
  decl: tierAccountResource,
  table: tierAccountTable,
  // the first scope is the one stored; the other filter names of the columns
  columns: { scopes: 'scope', 'events.updated.at': 'updated_at' },
  scope: (ctx) => tierAccountVisible(ctx, sql`t.id`, sql`t.account_id`),
  listWhere: hideStatusUnlessAsked('decommissioned'),

  async create(ctx, input: TierAccountCreate, _params, db) {
    await assertUnique(db, ctx, 'external_uid', input.external_uid);
    await assertUnique(db, ctx, 'external_id', input.external_id);
    const { parent, scope } = await resolveParent(db, ctx, input.type, input.parent?.id ?? undefined);
    let hub: TierAccount['hub'] = null;
    if (input.hub?.id) {
      // a hub of the caller's own (providers own hubs)
      hub =
        (await db
          .selectFrom('hubs')
          .select(['id', 'name'])
          .where('id', '=', input.hub.id)
          .where('account_id', '=', ctx.account.id)
          .executeTakeFirst()) ?? null;
      if (!hub) throw ApiError.badRequest(`hub.id: Hub ${input.hub.id} not found.`);
    }
    const contact_info = withContactDefaults(input.contact_info);
    return {
      id: newId('TA', 3, 4),
      version: 1,
      name: input.name.trim(),
      type: input.type,
      status: 'active',
      scopes: [scope],
      db: tierDatabaseOf(contact_info.country),
      external_id: input.external_id || null,
      external_uid: input.external_uid,
      tax_id: input.tax_id || null,
      parent,
      owner: { id: ctx.account.id, name: ctx.account.name },
      hub,
      environment: input.environment ?? 'production',
      contact_info,
      events: {},
    };
  },

  async update(ctx, current, input: TierAccountUpdate, _params, db) {
    if (input.external_uid !== undefined) await assertUnique(db, ctx, 'external_uid', input.external_uid, current.id);
    if (input.external_id !== undefined) await assertUnique(db, ctx, 'external_id', input.external_id, current.id);
    const type = input.type ?? current.type;
    const parentId = input.parent !== undefined ? input.parent?.id : current.parent?.id;
    const { parent, scope } = await resolveParent(db, ctx, type, parentId, current.id);
    if ((scope !== current.scopes[0] || type !== current.type) && (await childCount(db, current.id)) > 0) {
      throw ApiError.badRequest(`type: ${current.id} has tier accounts under it; its type and tier cannot change.`);
    }
    const contact_info = input.contact_info ? withContactDefaults(input.contact_info) : current.contact_info;
    const next: TierAccount = {
      ...current,
      type,
      parent,
      scopes: [scope],
      contact_info,
      db: tierDatabaseOf(contact_info.country),
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.external_uid !== undefined ? { external_uid: input.external_uid } : {}),
      ...(input.external_id !== undefined ? { external_id: input.external_id || null } : {}),
      ...(input.tax_id !== undefined ? { tax_id: input.tax_id || null } : {}),
      ...(input.environment !== undefined ? { environment: input.environment } : {}),
    };
    // A PUT that changes nothing is not a new version.
    if (COMPARED.every((k) => sameJson(current[k], next[k]))) return current;
    await keepVersion(db, current);
    const after = { ...next, version: current.version + 1 };
    if (after.name !== current.name || after.external_id !== current.external_id) await refreshParentRefs(db, after);
    await tierAccountChanged({ change: 'update', before: current, after, ctx, db });
    return after;
  },

  // Decommissioned is final; the account stays readable (and in lists filtered by status).
  async remove(ctx, current, _params, db) {
    const children = await childCount(db, current.id);
    if (children > 0)
      throw ApiError.badRequest(
        `${current.id} has ${children} active tier account(s) under it; decommission them first.`,
      );
    await keepVersion(db, current);
    const after: TierAccount = {
      ...current,
      status: 'decommissioned',
      version: current.version + 1,
      events: { ...current.events, decommissioned: { at: new Date().toISOString(), by: actorOf(ctx) } },
    };
    await tierAccountChanged({ change: 'decommission', before: current, after, ctx, db });
    return after;
  },
};

/** /tier/accounts/{account_id}/versions: every kept version plus the current one, read-only. */
export const tierAccountVersions: Served<TierAccount> = {
  decl: tierAccountVersionResource,
  table: 'tier_account_history',
  columns: { version: 'version', status: 'status', 'events.updated.at': 'updated_at' },
  // a view over tier_account_versions and tier_accounts (migration 0010): read only
  idColumn: 'version_id',
  row: () => ({}),
  parentVisible: async (ctx, params, db) => {
    const { rows } = await sql`select 1 from tier_accounts a where a.id = ${params.accountId ?? ''}
      and ${tierAccountVisible(ctx, sql`a.id`, sql`a.account_id`)}`.execute(db);
    return rows.length > 0;
  },
  scope: (ctx, params) =>
    sql<boolean>`t.tier_account_id = ${params.accountId ?? ''} and ${tierAccountVisible(ctx, sql`t.tier_account_id`, sql`t.account_id`)}`,
};
