import { sql, type Kysely, type Transaction } from 'kysely';
import {
  DEFAULT_BRAND_TITLE,
  ErrorCode,
  INVALID_RECOVERY_CODE,
  INVALID_TOTP_CODE,
  mfaPolicyOf,
  mfaRequiredByPolicy,
  type MfaDetails,
  type MfaEnrolment,
  type MfaProof,
  type MfaStatus,
  type MfaVerified,
  type UserMfa,
} from '@trellis/domain';
import type { Config } from '../../../config.ts';
import { brandOfAccount } from '../../branding/public.ts';
import type { DB } from '../../../db/schema.ts';
import { actorOf, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { digest } from '../../../lib/secrets.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { newId } from '../../../resources/ids.ts';
import { claimLoginAttempt, loginSucceeded, type LoginKeys } from '../auth/throttle.ts';
import type { SecretBox } from './secret-box.ts';
import { newRecoveryCodes, newTotpSecret, normalRecoveryCode, qrCodeDataUrl, totpStep, totpUri } from './totp.ts';

type Db = Kysely<DB> | Transaction<DB>;
type Row = {
  user_id: string;
  id: string;
  status: string;
  method: string;
  secret_enc: string | null;
  last_step: string | null;
  data: any;
};

/** MFA codes are throttled like passwords (auth/throttle.ts), under keys of their own: per user and address. */
export const mfaKeys = (userId: string, ip: string): LoginKeys => ({
  pair: `mfa:pair:${userId}:${ip}`,
  email: `mfa:user:${userId}`,
  address: `mfa:ip:${ip}`,
});

const now = () => new Date().toISOString();

/** The Auth user's `mfa` (spec §3) as users.data keeps it; users made before MFA existed read as disabled. */
export function userMfaOf(userData: { mfa?: Partial<UserMfa> } | null | undefined): UserMfa {
  const m = userData?.mfa;
  return {
    ...(m?.id ? { id: m.id } : {}),
    status: m?.status === 'enabled' || m?.status === 'pending' ? m.status : 'disabled',
    active_method: m?.status === 'enabled' ? 'totp' : null,
  };
}

async function lockRow(trx: Transaction<DB>, userId: string): Promise<Row | undefined> {
  return trx
    .selectFrom('user_mfa')
    .select(['user_id', 'id', 'status', 'method', 'secret_enc', 'last_step', 'data'])
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from user_mfa_recovery_codes
    where user_id = ${userId} and used_at is null`.execute(db);
  return rows[0]?.n ?? 0;
}

function detailsOf(data: any, left: number): MfaDetails {
  return { ...data, recovery_codes_left: data.status === 'enabled' ? left : 0 };
}

/** GET /users/{id}/mfa: a user that never set MFA up reads as disabled, without an id. */
export async function mfaDetails(db: Db, userId: string): Promise<MfaDetails> {
  const row = await db.selectFrom('user_mfa').select('data').where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { status: 'disabled', active_method: null, method: null, recovery_codes_left: 0 };
  return detailsOf(row.data, await recoveryCodesLeft(db, userId));
}

/** Store the MFA object, and its summary in users.data.mfa (what /auth/context shows), in the same transaction. */
async function store(trx: Transaction<DB>, userId: string, data: any, columns: Partial<Row> = {}) {
  const at = data.events?.updated?.at ?? now();
  await trx
    .insertInto('user_mfa')
    .values({
      user_id: userId,
      id: data.id,
      status: data.status,
      method: data.method ?? 'totp',
      secret_enc: columns.secret_enc ?? null,
      last_step: columns.last_step ?? null,
      created_at: data.events?.created?.at ?? at,
      updated_at: at,
      data: JSON.stringify(data),
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        status: data.status,
        updated_at: at,
        data: JSON.stringify(data),
        ...('secret_enc' in columns ? { secret_enc: columns.secret_enc } : {}),
        ...('last_step' in columns ? { last_step: columns.last_step } : {}),
      }),
    )
    .execute();
  const summary: UserMfa = { id: data.id, status: data.status, active_method: data.active_method };
  await sql`update users set data = jsonb_set(data, '{mfa}', ${JSON.stringify(summary)}::jsonb), updated_at = ${at}
    where id = ${userId}`.execute(trx);
}

function stamped(ctx: Ctx, data: any, status: MfaStatus, event?: string) {
  const stamp = { at: now(), by: actorOf(ctx) };
  return {
    ...data,
    status,
    active_method: status === 'enabled' ? 'totp' : null,
    method: 'totp',
    events: { ...(data.events ?? {}), ...(event ? { [event]: stamp } : {}), updated: stamp },
  };
}

/** The name an authenticator app shows for the code: the brand the user's account shows (own or inherited), else the installation's. */
async function issuerFor(db: Db, accountId: string): Promise<string> {
  const brandId = await brandOfAccount(db, accountId);
  const row = await db.selectFrom('brands').select('name').where('id', '=', brandId).executeTakeFirst();
  return row?.name || DEFAULT_BRAND_TITLE;
}

/**
 * POST /users/{id}/mfa: a new secret, pending until a code from it is verified. Starting again while pending replaces
 * the secret (a lost QR code); while enabled it is refused (turn MFA off first, with a code).
 */
export async function startEnrolment(
  db: Kysely<DB>,
  box: SecretBox,
  ctx: Ctx,
  user: { id: string; email: string },
): Promise<MfaEnrolment> {
  const issuer = await issuerFor(db, ctx.account.id);
  const secret = newTotpSecret();
  const data = await db.transaction().execute(async (trx) => {
    const row = await lockRow(trx, user.id);
    if (row?.status === 'enabled')
      throw ApiError.conflict('Multi-factor authentication is already enabled. Turn it off first to set it up again.');
    const base = row?.data ?? { id: newId('MFA', 3, 3), events: { created: { at: now(), by: actorOf(ctx) } } };
    const next = stamped(ctx, base, 'pending');
    await store(trx, user.id, next, { secret_enc: await box.seal(trx, secret, user.id), last_step: null });
    return next;
  });
  const uri = totpUri(secret, issuer, user.email);
  return { ...detailsOf(data, 0), secret, uri, qr_code: await qrCodeDataUrl(uri) };
}

/** GET /users/{id}/mfa/methods/totp: how the codes are made (never the secret). */
export async function totpMethod(db: Db, ctx: Ctx, user: { id: string; email: string }) {
  const details = await mfaDetails(db, user.id);
  return {
    method: 'totp' as const,
    status: details.status,
    issuer: await issuerFor(db, ctx.account.id),
    label: user.email,
    algorithm: 'SHA1' as const,
    digits: 6,
    period: 30,
    ...(details.events ? { events: details.events } : {}),
  };
}

const invalid = (field: 'code' | 'recovery_code') => {
  const message = field === 'code' ? INVALID_TOTP_CODE : INVALID_RECOVERY_CODE;
  return ApiError.field(field, message, ErrorCode.invalidMfaCode);
};

/**
 * Check a proof against the locked row: a current code (±1 step, never one of a step already used) or an unused
 * recovery code, which is spent. Throws 400 AUTH_007 naming the field.
 */
async function spendProof(trx: Transaction<DB>, box: SecretBox, row: Row, proof: MfaProof): Promise<void> {
  if (proof.code !== undefined) {
    const secret = row.secret_enc ? await box.open(trx, row.secret_enc, row.user_id) : null;
    const step = secret ? totpStep(secret, proof.code) : null;
    if (step === null || (row.last_step !== null && step <= Number(row.last_step))) throw invalid('code');
    await trx.updateTable('user_mfa').set({ last_step: step }).where('user_id', '=', row.user_id).execute();
    row.last_step = String(step);
    return;
  }
  const used = await trx
    .updateTable('user_mfa_recovery_codes')
    .set({ used_at: now() })
    .where('user_id', '=', row.user_id)
    .where('code_hash', '=', digest(normalRecoveryCode(proof.recovery_code ?? '')))
    .where('used_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  if (!used) throw invalid('recovery_code');
}

/** Replace the user's recovery codes with new ones; returns them as shown (the only time they are). */
async function issueRecoveryCodes(trx: Transaction<DB>, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await trx.deleteFrom('user_mfa_recovery_codes').where('user_id', '=', userId).execute();
  const at = now();
  await trx
    .insertInto('user_mfa_recovery_codes')
    .values(codes.map((c) => ({ user_id: userId, code_hash: digest(normalRecoveryCode(c)), created_at: at })))
    .execute();
  return codes;
}

/** Count the attempt before any code is checked (a guess refused by the throttle is not checked at all). */
async function throttled<T>(db: Kysely<DB>, config: Config, ctx: Ctx, userId: string, check: () => Promise<T>) {
  const keys = mfaKeys(userId, ctx.ip);
  await claimLoginAttempt(db, config, keys);
  const result = await check();
  await loginSucceeded(db, keys);
  return result;
}

const notSetUp = () =>
  new ApiError(400, ErrorCode.validation, ['Multi-factor authentication is not set up: start enrolling first.']);

/**
 * POST /users/{id}/mfa/verify-totp. Pending: a code from the new secret enables MFA and issues the recovery codes
 * (returned this once). Enabled: a code or a recovery code proves the second factor. Either way the calling
 * session has then completed MFA (`onVerified`, in the same transaction).
 */
export async function verifyMfa(
  db: Kysely<DB>,
  config: Config,
  box: SecretBox,
  ctx: Ctx,
  userId: string,
  proof: MfaProof,
  onVerified: (trx: Transaction<DB>) => Promise<void>,
): Promise<MfaVerified> {
  return throttled(db, config, ctx, userId, () =>
    db.transaction().execute(async (trx) => {
      const row = await lockRow(trx, userId);
      if (!row || row.status === 'disabled') throw notSetUp();
      if (row.status === 'pending' && proof.code === undefined)
        throw ApiError.badRequest(
          'recovery_code: Recovery codes are issued once a code from your authenticator app is verified.',
        );
      await spendProof(trx, box, row, proof);
      let codes: string[] | undefined;
      let data = row.data;
      if (row.status === 'pending') {
        data = stamped(ctx, row.data, 'enabled', 'enabled');
        await store(trx, userId, data);
        codes = await issueRecoveryCodes(trx, userId);
        await recordAudit(trx, ctx, {
          res: 'user-mfa',
          objectId: row.id,
          action: 'enable',
          owner: ctx.account.id,
          before: { status: row.status },
          after: { status: 'enabled', method: 'totp' },
        });
      }
      await onVerified(trx);
      return { ...detailsOf(data, await recoveryCodesLeft(trx, userId)), ...(codes ? { recovery_codes: codes } : {}) };
    }),
  );
}

/** The first account of the user whose policy requires MFA, if any: while there is one, MFA stays on. */
async function accountRequiringMfa(db: Db, userId: string): Promise<{ id: string; name: string } | undefined> {
  const rows = await db
    .selectFrom('account_users as au')
    .innerJoin('accounts as a', 'a.id', 'au.account_id')
    .select(['a.id', 'a.name', 'a.data'])
    .where('au.user_id', '=', userId)
    .where('au.status', '=', 'active')
    .orderBy('a.name')
    .execute();
  return rows.find((r) => mfaPolicyOf(r.data?.settings?.mfa?.policy) === 'required');
}

/** POST /users/{id}/mfa/status {status: disabled, code | recovery_code}: MFA off, refused while a policy requires it. */
export async function disableMfa(
  db: Kysely<DB>,
  config: Config,
  box: SecretBox,
  ctx: Ctx,
  userId: string,
  proof: MfaProof,
): Promise<MfaDetails> {
  const requiring = await accountRequiringMfa(db, userId);
  if (requiring) throw ApiError.forbidden(mfaRequiredByPolicy(requiring.name));
  return throttled(db, config, ctx, userId, () =>
    db.transaction().execute(async (trx) => {
      const row = await lockRow(trx, userId);
      if (!row || row.status !== 'enabled')
        throw ApiError.badRequest('Multi-factor authentication is not enabled.', ErrorCode.validation);
      await spendProof(trx, box, row, proof);
      return turnOff(trx, ctx, row, 'disable');
    }),
  );
}

async function turnOff(trx: Transaction<DB>, ctx: Ctx, row: Row, action: string): Promise<MfaDetails> {
  const data = stamped(ctx, row.data, 'disabled', 'disabled');
  await store(trx, row.user_id, data, { secret_enc: null, last_step: null });
  await trx.deleteFrom('user_mfa_recovery_codes').where('user_id', '=', row.user_id).execute();
  await recordAudit(trx, ctx, {
    res: 'user-mfa',
    objectId: row.id,
    action,
    owner: ctx.account.id,
    before: { status: row.status },
    after: { status: 'disabled' },
  });
  return detailsOf(data, 0);
}

/** POST /users/{id}/mfa/recovery-codes: new codes for old ones (all of which stop working), proven by a code. */
export async function renewRecoveryCodes(
  db: Kysely<DB>,
  config: Config,
  box: SecretBox,
  ctx: Ctx,
  userId: string,
  proof: MfaProof,
): Promise<MfaVerified> {
  return throttled(db, config, ctx, userId, () =>
    db.transaction().execute(async (trx) => {
      const row = await lockRow(trx, userId);
      if (!row || row.status !== 'enabled') throw ApiError.badRequest('Multi-factor authentication is not enabled.');
      await spendProof(trx, box, row, proof);
      const codes = await issueRecoveryCodes(trx, userId);
      await recordAudit(trx, ctx, {
        res: 'user-mfa',
        objectId: row.id,
        action: 'renew_recovery_codes',
        owner: ctx.account.id,
      });
      return { ...detailsOf(row.data, codes.length), recovery_codes: codes };
    }),
  );
}

/**
 * An administrator of the user's account (users module) resets the user's MFA, e.g. after a lost phone and lost
 * recovery codes: it is off, audited as `reset` by the administrator; under the `required` policy the user sets it up
 * again at the next sign-in.
 */
export async function resetMfa(db: Kysely<DB>, ctx: Ctx, userId: string, userName: string): Promise<MfaDetails> {
  return db.transaction().execute(async (trx) => {
    const row = await lockRow(trx, userId);
    if (!row || row.status === 'disabled')
      throw ApiError.badRequest(`${userName} has not set up multi-factor authentication: there is nothing to reset.`);
    return turnOff(trx, ctx, row, 'reset');
  });
}
