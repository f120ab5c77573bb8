import { sql } from 'kysely';
import { SessionTerminateAll, sessionResource, type UserSession } from '@trellis/domain';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { parseBody, presentObject, stampUpdated, type Db, type Served } from '../../../resources/engine.ts';
import { registerResource } from '../../../resources/routes.ts';
import { clearSessionCookie } from '../auth/session.ts';
import { isSelf, memberOfCallerAccount, pathUser } from '../users/path-user.ts';
import { assertWithinPower, memberModules } from '../users/service.ts';
import type { Api } from '../../types.ts';
import { refreshSessionStatuses, terminateSessions } from './service.ts';

/** Ending another user's sessions is a change to that member: out of reach when it holds a module the caller lacks. */
async function assertMayEnd(db: Db, ctx: Ctx, userId: string) {
  if (!isSelf(ctx, userId)) assertWithinPower(ctx, await memberModules(db, ctx.account.id, userId), `user ${userId}`);
}

/**
 * A user's sessions (users/path-user.ts says whose): the user sees all of its own; a caller with the users module sees
 * those of a user of its account that work in its account (the ones removing the member would end). Checked again by
 * the hook below.
 */
export const sessions: Served<UserSession> = {
  decl: sessionResource,
  table: 'sessions',
  columns: { id: 'id', 'events.created.at': 'created_at' },
  row: (s) => ({ terminated_at: s.events.terminated?.at ?? null }),
  parentVisible: async (ctx, params, db) => (await pathUser(db, ctx, params.user_pk)) !== null,
  scope: (ctx, params) => {
    const userId = params.user_pk ?? '';
    return isSelf(ctx, userId)
      ? sql<boolean>`t.user_id = ${userId}`
      : sql<boolean>`t.user_id = ${userId} and t.account_id = ${ctx.account.id} and ${memberOfCallerAccount(ctx, userId)}`;
  },
  present: (s, ctx) => ({ ...s, current: s.id === ctx.session?.id }),
  actions: {
    terminate: async (ctx, current, _body, params, db) => {
      await assertMayEnd(db, ctx, params.user_pk);
      return stampUpdated(ctx, { ...current, status: 'terminated' }, 'terminated');
    },
  },
};

export function sessionRoutes({ app, db }: Api) {
  // A scope of its own so the hook applies to the session routes only.
  app.register(async (scope) => {
    // Whose sessions: 404 before anything else is read (the body included).
    scope.addHook('preHandler', async (req) => {
      const ctx = requireCtx(req);
      const { user_pk: userId } = req.params as { user_pk?: string };
      if (!(await pathUser(db, ctx, userId))) throw ApiError.notFound('User');
      await refreshSessionStatuses(db, userId!);
    });

    registerResource(scope, db, sessions);

    // Terminate all: for the user itself every other live session (the calling one too with include_current); for a
    // user of the caller's account its live sessions working in that account.
    scope.post('/users/:user_pk/sessions/terminate', async (req, reply) => {
      const ctx = requireCtx(req);
      const { user_pk: userId } = req.params as { user_pk: string };
      const { include_current: all } = parseBody(SessionTerminateAll, req.body);
      const self = isSelf(ctx, userId);
      const ended = await db.transaction().execute(async (trx) => {
        await assertMayEnd(trx, ctx, userId);
        return self
          ? terminateSessions(trx, ctx, userId, all ? null : (ctx.session?.id ?? null))
          : terminateSessions(trx, ctx, userId, null, ctx.account.id);
      });
      if (self && all && ctx.session) clearSessionCookie(reply);
      return Promise.all(ended.map((s) => presentObject(sessions, ctx, s, db)));
    });
  });
}
