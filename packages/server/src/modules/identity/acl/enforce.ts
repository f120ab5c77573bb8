import { sql, type Kysely, type RawBuilder } from 'kysely';
import { aclAllows, type AclList, type AclListName, type AclRule } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';

export type AclEntry = Pick<AclRule, 'action' | 'value'>;

/**
 * The rules of one list of the account `a` as a JSON array, for the query that loads a caller's context on every
 * call (http/auth.ts): one index lookup (acl_rules_list) in the same round trip, nothing cached to invalidate.
 */
export const aclRulesOf = (list: AclListName): RawBuilder<AclEntry[]> =>
  sql<AclEntry[]>`(select coalesce(jsonb_agg(jsonb_build_object('action', r.action, 'value', r.value)), '[]'::jsonb)
    from acl_rules r where r.account_id = a.id and r.acl = ${list})`;

export const signInRefused = (ip: string, accountName: string) =>
  ApiError.forbidden(`Signing in from ${ip} is not allowed by the access rules of ${accountName}.`);

export const tokenRefused = (ip: string) =>
  ApiError.forbidden(`API calls with this account's tokens are not allowed from ${ip} (access rules).`);

/** A session call (or an account switch) from an address the account's sign-in list does not allow: 403. */
export function assertSignInAllowed(rules: AclEntry[] | null | undefined, ip: string, accountName: string): void {
  if (!aclAllows(rules ?? [], ip)) throw signInRefused(ip, accountName);
}

/** A call with an API token from an address the account's integrations list does not allow: 403. */
export function assertTokenAllowed(rules: AclEntry[] | null | undefined, ip: string): void {
  if (!aclAllows(rules ?? [], ip)) throw tokenRefused(ip);
}

/**
 * The account a password sign-in opens: the one used last when its rules let the address in, else the first that
 * does. When none does the sign-in is refused (403), naming the address, before any session exists.
 */
export async function signInAccount(
  db: Kysely<DB>,
  accounts: readonly { id: string; name: string }[],
  lastId: string | undefined,
  ip: string,
): Promise<string> {
  const rows = await db
    .selectFrom('acl_rules')
    .select(['account_id', 'action', 'value'])
    .where('acl', '=', 'account')
    .where(
      'account_id',
      'in',
      accounts.map((a) => a.id),
    )
    .execute();
  const allowed = accounts.filter((a) => aclAllows(rows.filter((r) => r.account_id === a.id) as AclEntry[], ip));
  const pick = allowed.find((a) => a.id === lastId) ?? allowed[0];
  if (!pick) throw signInRefused(ip, accounts.length === 1 ? accounts[0].name : 'your accounts');
  return pick.id;
}

/**
 * Refuses a change to a list that would shut the caller itself out: a user session changing the sign-in list, an
 * API token changing the integrations list (400, before anything is written).
 */
export function assertKeepsCaller(ctx: Ctx, list: AclList, next: readonly AclEntry[]): void {
  const concerned = list.id === 'account' ? Boolean(ctx.session) : Boolean(ctx.token);
  if (!concerned || aclAllows(next, ctx.ip)) return;
  const what = list.id === 'account' ? 'signing in to the portal' : "calling the API with this account's tokens";
  throw ApiError.badRequest(
    `This change would block your own address (${ctx.ip}) from ${what}: add a rule that allows it first.`,
  );
}
