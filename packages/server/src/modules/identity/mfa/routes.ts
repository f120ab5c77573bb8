import type { FastifyRequest } from 'fastify';
import {
  MfaDetails,
  MfaEnrolment,
  MfaProof,
  MfaStart,
  MfaStatusChange,
  MfaVerified,
  TotpMethodDetails,
} from '@trellis/domain';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { describeRoute } from '../../../openapi/openapi.ts';
import { parseBody } from '../../../resources/engine.ts';
import type { Api } from '../../types.ts';
import { setSessionCookie } from '../auth/session.ts';
import { SecretBox } from './secret-box.ts';
import { completeSessionMfa } from './session-mfa.ts';
import { isSelf, pathUser } from '../users/path-user.ts';
import { assertWithinPower, memberModules } from '../users/service.ts';
import {
  disableMfa,
  mfaDetails,
  renewRecoveryCodes,
  resetMfa,
  startEnrolment,
  totpMethod,
  verifyMfa,
} from './service.ts';

const base = '/users/:userId/mfa';
const tag = 'users';

describeRoute('post', base, {
  summary:
    'Start setting up multi-factor authentication (the user itself): a new TOTP secret, its otpauth:// URI and a QR ' +
    'code (SVG data URL), returned this once; pending until verify-totp. Refused (409) while MFA is enabled',
  tag,
  body: MfaStart,
  response: MfaEnrolment,
  status: 201,
});
describeRoute('get', base, {
  summary: "The user's own MFA: id, status (disabled, pending, enabled), active method, events, recovery codes left",
  tag,
  response: MfaDetails,
});
describeRoute('get', `${base}/methods/totp`, {
  summary: 'How the TOTP codes of the user are made (issuer, label, algorithm, digits, period); never the secret',
  tag,
  response: TotpMethodDetails,
});
describeRoute('post', `${base}/verify-totp`, {
  summary:
    'Verify a current code ({code}; ±1 step, each step once) or a recovery code ({recovery_code}, once each). Pending: ' +
    'enables MFA and returns 10 recovery codes this once. The calling session has then completed MFA (its cookie ' +
    'is renewed). 400 AUTH_007 for a wrong code; throttled like sign-in (429)',
  tag,
  body: MfaProof,
  response: MfaVerified,
});
describeRoute('post', `${base}/status`, {
  summary:
    'Turn MFA off: {status: "disabled"} with a current code or a recovery code. Refused (403) while an account of ' +
    "the user requires MFA (policy 'required')",
  tag,
  body: MfaStatusChange,
  response: MfaDetails,
});
describeRoute('post', `${base}/recovery-codes`, {
  summary: 'New recovery codes (returned this once; the old ones stop working), proven by a current code',
  tag,
  body: MfaProof,
  response: MfaVerified,
  status: 201,
});

const resetPath = '/accounts/:accountId/users/:userId/mfa/reset';
describeRoute('post', resetPath, {
  summary:
    "Reset a member's MFA (users module MD-0001; not one's own): turned off without a code, e.g. after a lost " +
    'phone and lost recovery codes; audited. 404 for a user of another account; 403 for a member holding a module ' +
    'the caller lacks; 400 when the member has no MFA',
  tag,
  response: MfaDetails,
});

/**
 * A user's MFA under /users/{id}/mfa (reference style; the reference has no MFA paths). Only the user itself reaches
 * it: anyone else, an administrator or an API token included, gets 404 before the body is read.
 */
export function mfaRoutes({ app, db, config }: Api) {
  // Built at start: a malformed MFA_ENCRYPTION_KEY stops the server here, not at the first enrolment.
  const box = new SecretBox(config.mfaEncryptionKey);

  async function self(req: FastifyRequest) {
    const ctx = requireCtx(req);
    const { userId } = req.params as { userId: string };
    if (!ctx.user || ctx.user.id !== userId) throw ApiError.notFound('User');
    const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw ApiError.notFound('User');
    return { ctx, user };
  }
  const step = { config: { mfaStep: true } };

  app.post(base, step, async (req, reply) => {
    const { ctx, user } = await self(req);
    parseBody(MfaStart, req.body);
    return reply.code(201).send(await startEnrolment(db, box, ctx, user));
  });

  app.get(base, step, async (req) => {
    const { user } = await self(req);
    return mfaDetails(db, user.id);
  });

  app.get(`${base}/methods/totp`, step, async (req) => {
    const { ctx, user } = await self(req);
    return totpMethod(db, ctx, user);
  });

  app.post(`${base}/verify-totp`, step, async (req, reply) => {
    const { ctx, user } = await self(req);
    const proof = parseBody(MfaProof, req.body);
    let secret: string | null = null;
    const result = await verifyMfa(db, config, box, ctx, user.id, proof, async (trx) => {
      if (ctx.session) secret = await completeSessionMfa(trx, ctx.session.id);
    });
    if (secret) setSessionCookie(req, reply, secret, config);
    return result;
  });

  app.post(`${base}/status`, async (req) => {
    const { ctx, user } = await self(req);
    const body = parseBody(MfaStatusChange, req.body);
    return disableMfa(db, config, box, ctx, user.id, body);
  });

  app.post(`${base}/recovery-codes`, async (req, reply) => {
    const { ctx, user } = await self(req);
    const proof = parseBody(MfaProof, req.body);
    return reply.code(201).send(await renewRecoveryCodes(db, config, box, ctx, user.id, proof));
  });

  // An administrator's way out for a member locked out of its second factor; one's own MFA goes off with a code.
  app.post(resetPath, async (req) => {
    const ctx = requireCtx(req);
    const { accountId, userId } = req.params as { accountId: string; userId: string };
    if (accountId !== ctx.account.id || isSelf(ctx, userId) || !(await pathUser(db, ctx, userId)))
      throw ApiError.notFound('User');
    const user = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
    assertWithinPower(ctx, await memberModules(db, ctx.account.id, userId), `user ${userId}`);
    return resetMfa(db, ctx, userId, user.name);
  });
}
