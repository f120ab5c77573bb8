import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  ErrorCode,
  mfaPolicyOf,
  mfaSessionRule,
  type MfaStep,
  type MfaStepBlock,
  type MfaPolicy,
} from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { digest, newSecret } from '../../../lib/secrets.ts';
import { userMfaOf } from './service.ts';

type Db = Kysely<DB> | Transaction<DB>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stays open to a session that must complete MFA first (the MFA routes, /auth/context, logout). */
    mfaStep?: boolean;
  }
}

/** The account's policy and the user's MFA status, the two inputs of the spec §4 rule. */
async function ruleInputs(db: Db, userId: string, accountId: string) {
  const account = await db
    .selectFrom('accounts')
    .select(['name', 'data'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  const user = await db.selectFrom('users').select('data').where('id', '=', userId).executeTakeFirst();
  const policy: MfaPolicy = mfaPolicyOf(account?.data?.settings?.mfa?.policy);
  return { policy, status: userMfaOf(user?.data).status, accountName: account?.name ?? accountId };
}

/**
 * A password sign-in opened `sessionId`: the spec §4 rule decides the step after the password. A mandatory step
 * restricts the session until it is done; a postponable one (optional policy, user not enrolled) only tells the
 * portal to offer enrolment. The answer is the login's `mfa` block, or null when no step follows.
 */
export async function sessionMfaAtLogin(
  db: Db,
  sessionId: string,
  userId: string,
  accountId: string,
): Promise<MfaStepBlock | null> {
  const { policy, status } = await ruleInputs(db, userId, accountId);
  const rule = mfaSessionRule(policy, status);
  if (!rule.step) return null;
  if (rule.mandatory)
    await db.updateTable('sessions').set({ mfa_step: rule.step }).where('id', '=', sessionId).execute();
  return { step: rule.step, method: 'totp', mandatory: rule.mandatory };
}

/**
 * The session `from` moved (or a new session `to` was opened from it) into another account: a session that has not
 * proved a second factor must complete MFA first when that account's policy makes it mandatory. A new session
 * inherits the proof of the one it was opened from.
 */
export async function sessionMfaOnSwitch(
  db: Db,
  from: string,
  to: string,
  userId: string,
  accountId: string,
): Promise<MfaStep | null> {
  const session = await db.selectFrom('sessions').select('mfa_verified_at').where('id', '=', from).executeTakeFirst();
  if (session?.mfa_verified_at) {
    if (to !== from)
      await db.updateTable('sessions').set({ mfa_verified_at: session.mfa_verified_at }).where('id', '=', to).execute();
    return null;
  }
  const { policy, status } = await ruleInputs(db, userId, accountId);
  const rule = mfaSessionRule(policy, status);
  if (!rule.mandatory || !rule.step) return null;
  await db.updateTable('sessions').set({ mfa_step: rule.step }).where('id', '=', to).execute();
  return rule.step;
}

/**
 * The session proved a second factor: it is released and its secret rotated (the cookie that went through the
 * password step alone no longer works). The id stays, so the portal's session header does not change.
 */
export async function completeSessionMfa(trx: Transaction<DB>, sessionId: string): Promise<string> {
  const secret = newSecret();
  await trx
    .updateTable('sessions')
    .set({ secret_hash: digest(secret), mfa_step: null, mfa_verified_at: new Date().toISOString() })
    .where('id', '=', sessionId)
    .execute();
  return secret;
}

/** The context of a session that just got its step: restricted when the step is mandatory. */
export function withMfaStep(ctx: Ctx, block: MfaStepBlock | null): Ctx {
  if (!block?.mandatory || !ctx.session) return ctx;
  return { ...ctx, session: { ...ctx.session, mfaStep: block.step } };
}

/** `mfa` of /auth/context while the session must complete MFA (the portal shows the step again after a reload). */
export function contextMfa(ctx: Ctx): { mfa?: MfaStepBlock } {
  const step = ctx.session?.mfaStep;
  return step ? { mfa: { step, method: 'totp', mandatory: true } } : {};
}

export const mfaStepMessage = (step: MfaStep) =>
  step === 'verify'
    ? 'Multi-factor authentication is required: verify a code from your authenticator app to continue.'
    : 'Your account requires multi-factor authentication: set it up to continue.';

export interface SessionMfaState {
  account_id: string;
  mfa_step: string | null;
  mfa_verified_at: unknown;
}

/**
 * Applied to every session-authenticated call (http/auth.ts resolveCaller). A session with an MFA step pending reaches
 * only the routes marked `mfaStep` (403 AUTH_006 elsewhere; a public route sees an anonymous caller). A session that
 * has not proved a second factor cannot reach, through the Account-Context header, an account whose policy would
 * have required it (403 AUTH_006). API tokens never come here.
 */
export async function mfaGate(db: Db, req: FastifyRequest, session: SessionMfaState, ctx: Ctx): Promise<Ctx | null> {
  const config = req.routeOptions.config;
  if (session.mfa_step === 'enrol' || session.mfa_step === 'verify') {
    if (config?.mfaStep) return { ...ctx, session: { id: ctx.session!.id, mfaStep: session.mfa_step } };
    // a public route sees an anonymous caller; one public only with a code (GET /users?code=) only when it has one
    const withCode = (req.query as Record<string, unknown> | undefined)?.code !== undefined;
    if (config?.public && (!config.publicWithCode || withCode)) return null;
    throw new ApiError(403, ErrorCode.mfaRequired, [mfaStepMessage(session.mfa_step)]);
  }
  if (ctx.account.id !== session.account_id && !session.mfa_verified_at && ctx.user) {
    const { policy, status, accountName } = await ruleInputs(db, ctx.user.id, ctx.account.id);
    if (mfaSessionRule(policy, status).mandatory)
      throw new ApiError(403, ErrorCode.mfaRequired, [
        `${accountName} requires multi-factor authentication, which this session has not completed: switch to it to continue.`,
      ]);
  }
  return ctx;
}
