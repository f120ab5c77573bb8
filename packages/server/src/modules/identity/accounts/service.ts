import type { Kysely, Transaction } from 'kysely';
import { ALL_MODULES } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { isUniqueViolation, newId } from '../../../resources/ids.ts';
import { hashPassword } from '../../../lib/secrets.ts';
import { memberObject } from '../users/member.ts';
import { accountCreated } from './hooks.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type AccountType = 'vendor' | 'provider';
export type ProviderRole = 'distributor' | 'reseller';

const at = () => new Date().toISOString();
const system = { id: 'system', name: 'System' };

/** Retry an insert with a fresh random id on the rare collision. */
export async function withFreshId<T>(make: () => string, insert: (id: string) => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await insert(make());
    } catch (e) {
      if (!isUniqueViolation(e) || i >= 5) throw e;
    }
  }
}

export interface NewAccount {
  name: string;
  type: AccountType;
  roles?: ProviderRole[];
  external_id?: string;
  /** Account settings (e.g. `{ mfa: { policy: 'optional' } }`); absent = the defaults. */
  settings?: Record<string, unknown>;
  description?: string | null;
  /** The managing account (sign-up with its invitation code, issue 14). */
  parent?: { id: string; name: string };
}

/** An account with its admin group (MD-0000). Vendor ids VA-000-000, provider ids PA-000-000. */
export async function createAccount(db: Db, input: NewAccount, by = system) {
  const roles = input.type === 'vendor' ? ['vendor'] : input.roles?.length ? input.roles : ['distributor', 'reseller'];
  const created = at();
  const account = await withFreshId(
    () => newId(input.type === 'vendor' ? 'VA' : 'PA', 2, 3),
    async (id) => {
      const data = {
        id,
        name: input.name,
        type: input.type,
        role: roles[0],
        roles,
        external_id: input.external_id ?? null,
        ...(input.description ? { description: input.description } : {}),
        ...(input.parent ? { parent: input.parent } : {}),
        brand: 'BR-000',
        sourcing: false,
        ...(input.settings ? { settings: input.settings } : {}),
        events: { created: { at: created, by }, updated: { at: created, by } },
      };
      await db
        .insertInto('accounts')
        .values({
          id,
          type: input.type,
          name: input.name,
          parent_id: input.parent?.id ?? null,
          created_at: created,
          updated_at: created,
          data: JSON.stringify(data),
        })
        .execute();
      return data;
    },
  );
  const group = await createGroup(
    db,
    account.id,
    { name: 'Admins', description: 'Full access to every module.', permissions: [ALL_MODULES] },
    by,
  );
  await accountCreated(db, { id: account.id, name: account.name, type: input.type });
  return { account, adminGroup: group };
}

export async function createGroup(
  db: Db,
  accountId: string,
  input: { name: string; description?: string; permissions: string[] },
  by = system,
) {
  const created = at();
  return withFreshId(
    () => newId('UG', 3, 3),
    async (id) => {
      const data = {
        id,
        name: input.name,
        description: input.description ?? '',
        color: null,
        external_id: null,
        revision: 1,
        account: { id: accountId },
        permissions: input.permissions.map((m) => ({
          id: m,
          object: { id: m },
          events: { granted: { at: created, by } },
        })),
        events: { created: { at: created, by }, updated: { at: created, by } },
      };
      await db
        .insertInto('groups')
        .values({
          id,
          account_id: accountId,
          name: input.name,
          created_at: created,
          updated_at: created,
          data: JSON.stringify(data),
        })
        .execute();
      return data;
    },
  );
}

export interface NewUser {
  email: string;
  name: string;
  password?: string;
}

export async function createUser(db: Db, input: NewUser) {
  const created = at();
  const hash = input.password ? await hashPassword(input.password) : null;
  return withFreshId(
    () => newId('UR', 3, 3),
    async (id) => {
      const data = {
        id,
        name: input.name,
        email: input.email,
        timezone: 'UTC',
        timeformat: '24h',
        region: 'en_US',
        active: Boolean(hash),
        mfa: { status: 'disabled', active_method: null },
        events: { created: { at: created, by: system }, updated: { at: created, by: system } },
      };
      await db
        .insertInto('users')
        .values({
          id,
          email: input.email,
          name: input.name,
          password_hash: hash,
          created_at: created,
          updated_at: created,
          data: JSON.stringify(data),
        })
        .execute();
      return data;
    },
  );
}

/** Make a user a member of an account (status active or invited) in the given groups. */
export async function addMember(
  db: Db,
  accountId: string,
  userId: string,
  opts: { status?: 'active' | 'invited'; groups?: string[] } = {},
) {
  const status = opts.status ?? 'active';
  const created = at();
  const user = await db.selectFrom('users').select('data').where('id', '=', userId).executeTakeFirstOrThrow();
  const events = {
    created: { at: created, by: system },
    updated: { at: created, by: system },
    [status === 'active' ? 'activated' : 'invited']: { at: created, by: system },
  };
  await db
    .insertInto('account_users')
    .values({
      account_id: accountId,
      user_id: userId,
      status,
      created_at: created,
      updated_at: created,
      data: JSON.stringify(memberObject(user.data, accountId, status === 'active' ? 'joined' : 'invited', events)),
    })
    .execute();
  for (const groupId of opts.groups ?? []) {
    await db
      .insertInto('group_users')
      .values({ group_id: groupId, user_id: userId, account_id: accountId, created_at: created })
      .execute();
  }
}
