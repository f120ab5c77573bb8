import { sql } from 'kysely';
import { SessionTerminateAll, sessionResource, type UserSession } from '@trellis/domain';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { parseBody, presentObject, stampUpdated, type Served } from '../../../resources/engine.ts';
import { registerResource } from '../../../resources/routes.ts';
import { clearSessionCookie } from '../auth/session.ts';
import type { Api } from '../../types.ts';
import { refreshSessionStatuses, terminateSessions } from './service.ts';

/** A user sees only its own sessions: the path's user must be the caller (checked again by the hook below). */
export const sessions: Served<UserSession> = {
  decl: sessionResource,
  table: 'sessions',
  columns: { id: 'id', 'events.created.at': 'created_at' },
  row: (s) => ({ terminated_at: s.events.terminated?.at ?? null }),
  parentVisible: (ctx, params) => ctx.user?.id === params.user_pk,
  scope: (ctx, params) =>
    ctx.user ? sql<boolean>`t.user_id = ${ctx.user.id} and t.user_id = ${params.user_pk}` : sql<boolean>`false`,
  present: (s, ctx) => ({ ...s, current: s.id === ctx.session?.id }),
  actions: {
    terminate: async (ctx, current) => stampUpdated(ctx, { ...current, status: 'terminated' }, 'terminated'),
  },
};

export function sessionRoutes({ app, db }: Api) {
  // A scope of its own so the hook applies to the session routes only.
  app.register(async (scope) => {
    scope.addHook('preHandler', async (req) => {
      const ctx = requireCtx(req);
      const { user_pk: userId } = req.params as { user_pk?: string };
      if (!userId || !ctx.user || ctx.user.id !== userId) throw ApiError.notFound('User');
      await refreshSessionStatuses(db, userId);
    });

    registerResource(scope, db, sessions);

    // Terminate all: every other live session of the caller; the calling one too with include_current.
    scope.post('/users/:user_pk/sessions/terminate', async (req, reply) => {
      const ctx = requireCtx(req);
      const { include_current: all } = parseBody(SessionTerminateAll, req.body);
      const ended = await db
        .transaction()
        .execute((trx) => terminateSessions(trx, ctx, ctx.user!.id, all ? null : (ctx.session?.id ?? null)));
      if (all && ctx.session) clearSessionCookie(reply);
      return Promise.all(ended.map((s) => presentObject(sessions, ctx, s, db)));
    });
  });
}
