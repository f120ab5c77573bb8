import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMPERSONATION_MODULE, validation } from '@trellis/domain';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { describeRoute } from '../../../openapi/openapi.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { parseBody } from '../../../resources/engine.ts';
import type { Api } from '../../types.ts';
import { describeContext } from '../auth/routes.ts';
import { findTarget, impersonatorOf, returnFromImpersonation, startImpersonation } from './service.ts';

const ImpersonateBody = z.object({
  email: validation.zRequiredString(validation.email),
  /** One of the managed accounts the user works in; default the first of them by name. */
  account: z.object({ id: z.string().min(1, validation.REQUIRED) }).optional(),
});

describeRoute('post', '/auth/impersonate', {
  summary:
    `Log in as a user of an account the caller's account manages (spec §6), by the user's e-mail: needs ${IMPERSONATION_MODULE} ` +
    "(or MD-0000), from a user session or with the managing account's API key (Authorization: ApiKey …). Answers like " +
    "/auth/login (201, the session cookie, session_id): the session is the user's in that account only, and every call " +
    'in it is audited with both identities. A user of any other account is 404. It cannot log in as anyone further, ' +
    "nor change the user's password, e-mail or MFA; POST /auth/impersonate/return ends it.",
  tag: 'auth',
  body: ImpersonateBody,
  status: 201,
});
describeRoute('post', '/auth/impersonate/return', {
  summary:
    'The way back from a session logged in as another user: it ends; a portal user gets its own session back ' +
    '(201, its context as /auth/context answers it), an API token 204.',
  tag: 'auth',
  status: 201,
});

/**
 * What a session logged in as another user may not do (writes only): change the user's password, e-mail or second
 * factor, switch to another account of the user. Matched on the route pattern, so the MFA routes are covered wherever
 * they are declared.
 */
const REFUSED: RegExp[] = [
  /^\/auth\/[^/]+\/change$/,
  /^\/auth\/password\//,
  /^\/auth\/context$/,
  /(^|\/)(mfa|totp|verify-totp|recovery-codes)(\/|$)/,
];
const routeOf = (req: FastifyRequest) => (req.routeOptions.url ?? '').replace(/^\/(public|rest)\/v1/, '');

export function impersonationRoutes({ app, db, config }: Api) {
  // callback hooks: for every other session they return at once, without a promise a call
  app.addHook('preHandler', (req, _reply, done) => {
    if (!req.ctx?.impersonator || req.method === 'GET' || req.method === 'HEAD') return done();
    const route = routeOf(req);
    if (REFUSED.some((r) => r.test(route)))
      return done(
        ApiError.forbidden(
          "A session logged in as another user cannot change the user's password, e-mail or MFA, nor switch accounts.",
        ),
      );
    done();
  });

  // Every call of an impersonation session is in the managed account's audit trail, naming both identities. Written
  // before the answer leaves (onSend, not onResponse), so a client that reads the trail next finds the call there.
  app.addHook('onSend', (req, reply, payload, done) => {
    const ctx = req.ctx;
    if (!ctx?.impersonator || !ctx.session) return done(null, payload);
    db.transaction()
      .execute((trx) =>
        recordAudit(trx, ctx, {
          res: 'session',
          objectId: ctx.session!.id,
          action: 'call',
          owner: ctx.account.id,
          after: { method: req.method, path: req.url.split('?')[0], status: reply.statusCode },
        }),
      )
      .catch((err) => req.log.error({ err }, 'impersonation call audit failed'))
      .then(() => done(null, payload));
  });

  app.post('/auth/impersonate', async (req, reply) => {
    const ctx = requireCtx(req);
    const imp = impersonatorOf(ctx);
    const body = parseBody(ImpersonateBody, req.body);
    const target = await findTarget(db, ctx, body.email, body.account?.id);
    const next = await startImpersonation(db, req, reply, config, ctx, imp, target);
    return reply.code(201).send(await describeContext(db, next));
  });

  app.post('/auth/impersonate/return', async (req, reply) => {
    const ctx = requireCtx(req);
    const back = await returnFromImpersonation(db, req, reply, config, ctx);
    if (!back) return reply.code(204).send();
    return reply.code(201).send(await describeContext(db, back));
  });
}
