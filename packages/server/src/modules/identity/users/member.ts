import { sql, type Kysely, type Transaction } from 'kysely';
import type { AccountUser, MemberStatus } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

// account_users.status keeps 'active' for a joined member, because sign-in (http/auth.ts userContext,
// auth memberAccounts) treats only 'active' as a working membership; the API shows the reference's
// names (joined / invited / expired / deleted) in data.status.
const STORED: Record<MemberStatus, string> = {
  joined: 'active',
  invited: 'invited',
  expired: 'expired',
  deleted: 'deleted',
};
const PUBLIC: Record<string, MemberStatus> = {
  active: 'joined',
  invited: 'invited',
  expired: 'expired',
  deleted: 'deleted',
};

export const storedStatus = (s: MemberStatus): string => STORED[s];
export const publicStatus = (s: string): MemberStatus => PUBLIC[s] ?? 'deleted';

/** Profile fields copied from users.data into each membership, so member lists filter on them. */
export function profileOf(user: Record<string, any>) {
  return {
    name: user.name ?? user.email,
    email: user.email,
    timezone: user.timezone ?? 'UTC',
    timeformat: user.timeformat ?? '24h',
    region: user.region ?? 'en_US',
  };
}

/** The member object stored in account_users.data. */
export function memberObject(
  user: Record<string, any>,
  accountId: string,
  status: MemberStatus,
  events: Record<string, unknown>,
): AccountUser {
  return {
    id: user.id,
    ...profileOf(user),
    status,
    active: status === 'joined',
    account: { id: accountId },
    events: events as AccountUser['events'],
  };
}

/** Refresh the profile copies of a user in all its memberships (after a profile change). */
export async function syncProfile(db: Db, user: Record<string, any>): Promise<void> {
  const p = profileOf(user);
  await sql`update account_users set data = data || ${JSON.stringify(p)}::jsonb, updated_at = now()
    where user_id = ${user.id}`.execute(db);
}
