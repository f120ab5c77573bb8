import type { Ctx } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { activeMember } from '../modules/identity/public.ts';
import type { ActionHandler, Db } from './engine.ts';

// The server side of the domain's traits (domain resource/traits.ts): effects every assignable object shares.

type Assignee = { id: string; name: string; email?: string } | null;

/** The user an assign body names ({id} or {email}, reference), or the caller: an active user of the account. */
export async function assigneeFor(
  db: Db,
  ctx: Ctx,
  body: { id?: string; email?: string } | undefined,
): Promise<NonNullable<Assignee>> {
  const by = body?.id ? { id: body.id } : body?.email ? { email: body.email } : ctx.user ? { id: ctx.user.id } : null;
  if (!by) throw ApiError.badRequest('id: This field is required');
  const user = await activeMember(db, ctx.account.id, by);
  if (!user) {
    const [field, value] = by.id ? ['id', by.id] : ['email', by.email];
    throw ApiError.badRequest(`${field}: user ${value} is not an active user of this account.`);
  }
  return user;
}

/** Someone else's assignment is only taken away with `force: true`. */
export function checkUnassign(ctx: Ctx, assignee: Assignee, force: boolean | undefined) {
  if (assignee && assignee.id !== ctx.user?.id && !force) {
    throw ApiError.badRequest(`This request is assigned to ${assignee.name}; send force: true to unassign it.`);
  }
}

/** assign / unassign of an object with `assignee` (the assignable trait). */
export const traitHandlers: Record<string, ActionHandler<any>> = {
  assign: async (ctx, current, body, _params, db) => ({ ...current, assignee: await assigneeFor(db, ctx, body) }),
  unassign: async (ctx, current, body) => {
    checkUnassign(ctx, current.assignee, body?.force);
    return { ...current, assignee: null };
  },
};
