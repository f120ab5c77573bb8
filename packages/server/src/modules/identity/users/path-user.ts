import { sql, type RawBuilder } from 'kysely';
import { accountUserResource } from '@trellis/domain';
import { can, type Ctx } from '../../../http/context.ts';
import type { Db } from '../../../resources/engine.ts';

/**
 * Whose sub-resources a `/users/{user_pk}/…` call reaches (reference /users/{user_pk}/accounts, …/sessions):
 * - the caller itself (the user of a session): everything of its own, in every account it works in;
 * - a user of the caller's account, joined or invited (as GET /users/{id} shows it), when the caller holds the users
 *   module (MD-0001): seen through the caller's account only — that membership, the sessions working in it;
 * - anyone else, an unknown id or a user of another tenant, is 404.
 * An API token has no user of its own: `/users/{id}/…` reaches the users of the token's account, like an admin.
 */
export interface PathUser {
  id: string;
  self: boolean;
}

export const isSelf = (ctx: Ctx, userId: string | undefined): boolean =>
  ctx.user !== null && userId !== undefined && ctx.user.id === userId;

/** SQL: `userId` is a user of the caller's account that the caller may see (users module; joined or invited). */
export function memberOfCallerAccount(ctx: Ctx, userId: string): RawBuilder<boolean> {
  if (!can(ctx, accountUserResource.module)) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from account_users au where au.account_id = ${ctx.account.id}
    and au.user_id = ${userId} and au.status in ('active', 'invited'))`;
}

/** The user of the path as the caller reaches it, or null (404). */
export async function pathUser(db: Db, ctx: Ctx, userId: string | undefined): Promise<PathUser | null> {
  if (!userId) return null;
  if (isSelf(ctx, userId)) return { id: userId, self: true };
  if (!can(ctx, accountUserResource.module)) return null;
  const { rows } = await sql<{ ok: boolean }>`select ${memberOfCallerAccount(ctx, userId)} as ok`.execute(db);
  return rows[0]?.ok ? { id: userId, self: false } : null;
}
