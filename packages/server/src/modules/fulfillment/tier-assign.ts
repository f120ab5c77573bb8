import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db } from '../../resources/engine.ts';
import { accountUser } from './refs.ts';

// Assigning a request to a user of the caller's account (reference body {id} or {email}; none = the caller).

type Assignee = { id: string; name: string; email?: string } | null;

export async function assigneeFor(db: Db, ctx: Ctx, body: { id?: string; email?: string } | undefined): Promise<NonNullable<Assignee>> {
  const by = body?.id ? { id: body.id } : body?.email ? { email: body.email } : ctx.user ? { id: ctx.user.id } : null;
  if (!by) throw ApiError.badRequest('id: This field is required');
  const user = await accountUser(db, ctx.account.id, by);
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
