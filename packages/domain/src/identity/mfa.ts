import { z } from 'zod';
import { REQUIRED } from '../validation/messages.ts';
import {
  MFA_METHODS,
  MFA_POLICIES,
  MFA_POLICY_ALIASES,
  MFA_STATUSES,
  TOTP_CODE_FORMAT,
  TOTP_DIGITS,
  type MfaPolicy,
} from './mfa-rule.ts';

// The wire shapes of MFA (identity/mfa-rule.ts has the values and the spec §4 rule).
export * from './mfa-rule.ts';

const policyMessage = `policy must be one of ${MFA_POLICIES.join(', ')}`;
/** The policy as a client sends it: one of MFA_POLICIES or an alias, stored as MFA_POLICIES spell it. */
export const MfaPolicyInput = z
  .enum([...MFA_POLICIES, ...(Object.keys(MFA_POLICY_ALIASES) as ['disabled'])], { error: policyMessage })
  .transform((v): MfaPolicy => MFA_POLICY_ALIASES[v] ?? (v as MfaPolicy));

/** The Auth user's `mfa` (spec §3): id (absent until the user first starts enrolling), status, active method. */
export const UserMfa = z.object({
  id: z.string().optional(),
  status: z.enum(MFA_STATUSES),
  active_method: z.enum(MFA_METHODS).nullable(),
});
export type UserMfa = z.infer<typeof UserMfa>;

/** The step as the login answer (and /auth/context while it is mandatory) carries it. */
export const MfaStepBlock = z.object({
  step: z.enum(['enrol', 'verify']),
  method: z.enum(MFA_METHODS),
  mandatory: z.boolean(),
});
export type MfaStepBlock = z.infer<typeof MfaStepBlock>;

/** A 6-digit code; spaces (as apps show "123 456") are ignored. */
export const zTotpCode = () =>
  z
    .string({ error: REQUIRED })
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(v), TOTP_CODE_FORMAT);

/** A recovery code as printed (xxxxx-xxxxx); case, spaces and dashes are ignored. */
export const zRecoveryCode = () =>
  z
    .string({ error: REQUIRED })
    .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
    .refine((v) => v.length > 0, REQUIRED);

/** Either a current code or a recovery code (one of them), e.g. to verify, turn MFA off or renew the codes. */
export const MfaProof = z
  .object({ code: zTotpCode().optional(), recovery_code: zRecoveryCode().optional() })
  .superRefine((v, ctx) => {
    if (v.code === undefined && v.recovery_code === undefined)
      ctx.addIssue({ code: 'custom', path: ['code'], message: REQUIRED });
    if (v.code !== undefined && v.recovery_code !== undefined)
      ctx.addIssue({ code: 'custom', path: ['recovery_code'], message: 'Send either code or recovery_code, not both' });
  });
export type MfaProof = z.infer<typeof MfaProof>;

/** POST /users/{id}/mfa: start (or restart) enrolling a method. */
export const MfaStart = z.object({ method: z.enum(MFA_METHODS, { error: 'method must be totp' }).default('totp') });

/** POST /users/{id}/mfa/status: turn MFA off, proven by a current code or a recovery code. */
export const MfaStatusChange = z.intersection(
  z.object({ status: z.literal('disabled', { error: 'status must be disabled' }) }),
  MfaProof,
);

const Stamp = z.object({ at: z.string(), by: z.object({ id: z.string(), name: z.string() }) });

/** GET /users/{id}/mfa: the user's MFA with its events and how many recovery codes are left. */
export const MfaDetails = UserMfa.extend({
  method: z.enum(MFA_METHODS).nullable(),
  /** Unused recovery codes (each works once). */
  recovery_codes_left: z.number(),
  events: z
    .object({
      created: Stamp.optional(),
      updated: Stamp.optional(),
      enabled: Stamp.optional(),
      disabled: Stamp.optional(),
    })
    .optional(),
});
export type MfaDetails = z.infer<typeof MfaDetails>;

/** POST /users/{id}/mfa: the secret and how to add it to an app, returned this once. */
export const MfaEnrolment = MfaDetails.extend({
  secret: z.string(),
  uri: z.string(),
  qr_code: z.string(),
});
export type MfaEnrolment = z.infer<typeof MfaEnrolment>;

/** GET /users/{id}/mfa/methods/totp: the method's parameters (never the secret). */
export const TotpMethodDetails = z.object({
  method: z.literal('totp'),
  status: z.enum(MFA_STATUSES),
  issuer: z.string(),
  label: z.string(),
  algorithm: z.literal('SHA1'),
  digits: z.number(),
  period: z.number(),
  events: MfaDetails.shape.events,
});

/** verify-totp and recovery-codes answers: the MFA plus, when new codes were made, the codes (shown this once). */
export const MfaVerified = MfaDetails.extend({ recovery_codes: z.array(z.string()).optional() });
export type MfaVerified = z.infer<typeof MfaVerified>;
