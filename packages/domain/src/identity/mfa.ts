import { z } from 'zod';
import { REQUIRED } from '../validation/messages.ts';

/**
 * Multi-factor authentication (spec §3 Auth user `mfa`, §4 MFA session): the account's policy, the user's MFA and
 * the rule that decides which step follows the password. The server enforces it; the portal shows the step.
 */

/** Account MFA policy on the wire (spec wording). `disabled` is accepted on input as an older spelling of `not required`. */
export const MFA_POLICIES = ['required', 'optional', 'not required'] as const;
export type MfaPolicy = (typeof MFA_POLICIES)[number];
export const DEFAULT_MFA_POLICY: MfaPolicy = 'optional';
export const MFA_POLICY_ALIASES: Record<string, MfaPolicy> = { disabled: 'not required' };

/** A stored or sent policy read as one of MFA_POLICIES; missing or unknown reads as the default. */
export function mfaPolicyOf(value: unknown): MfaPolicy {
  if (typeof value !== 'string') return DEFAULT_MFA_POLICY;
  const v = MFA_POLICY_ALIASES[value] ?? value;
  return (MFA_POLICIES as readonly string[]).includes(v) ? (v as MfaPolicy) : DEFAULT_MFA_POLICY;
}

const policyMessage = `policy must be one of ${MFA_POLICIES.join(', ')}`;
/** The policy as a client sends it: one of MFA_POLICIES or an alias, stored as MFA_POLICIES spell it. */
export const MfaPolicyInput = z
  .enum([...MFA_POLICIES, ...(Object.keys(MFA_POLICY_ALIASES) as ['disabled'])], { error: policyMessage })
  .transform((v): MfaPolicy => MFA_POLICY_ALIASES[v] ?? (v as MfaPolicy));

/** A user's MFA: never set up or turned off (disabled), set up but not yet confirmed with a code (pending), enabled. */
export const MFA_STATUSES = ['disabled', 'pending', 'enabled'] as const;
export type MfaStatus = (typeof MFA_STATUSES)[number];
export const MFA_METHODS = ['totp'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** The Auth user's `mfa` (spec §3): id (absent until the user first starts enrolling), status, active method. */
export const UserMfa = z.object({
  id: z.string().optional(),
  status: z.enum(MFA_STATUSES),
  active_method: z.enum(MFA_METHODS).nullable(),
});
export type UserMfa = z.infer<typeof UserMfa>;

export type MfaStep = 'enrol' | 'verify';

export interface MfaSessionRule {
  /** Spec §4: whether the MFA session is required. */
  required: boolean;
  /** The step after the password: verify (the user's MFA is enabled), enrol (it is not, and the rule requires it). */
  step: MfaStep | null;
  /** The session can do nothing else until the step is done; otherwise the user may postpone it ("Not now"). */
  mandatory: boolean;
}

/**
 * Spec §4 MFA session: required when the policy is `required`, or when it is `optional` and the user's MFA is not
 * enabled; not required when the policy is `not required` and the user's MFA is disabled. Where the spec is silent, a
 * user whose MFA is enabled is always asked for a code, whatever the policy. Only `required` makes enrolling
 * mandatory: under `optional` the enrol step can be postponed (docs/decisions.md, MFA).
 */
export function mfaSessionRule(policy: MfaPolicy, status: MfaStatus): MfaSessionRule {
  if (status === 'enabled') return { required: true, step: 'verify', mandatory: true };
  if (policy === 'required') return { required: true, step: 'enrol', mandatory: true };
  if (policy === 'optional') return { required: true, step: 'enrol', mandatory: false };
  return { required: false, step: null, mandatory: false };
}

/** The step as the login answer (and /auth/context while it is mandatory) carries it. */
export const MfaStepBlock = z.object({
  step: z.enum(['enrol', 'verify']),
  method: z.enum(MFA_METHODS),
  mandatory: z.boolean(),
});
export type MfaStepBlock = z.infer<typeof MfaStepBlock>;

/** Why a user cannot turn its MFA off while an account it belongs to requires it. */
export const mfaRequiredByPolicy = (accountName: string) =>
  `${accountName} requires multi-factor authentication: it cannot be turned off.`;

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;

export const INVALID_TOTP_CODE = 'The code is not valid. Enter the current code from your authenticator app.';
export const INVALID_RECOVERY_CODE = 'The recovery code is not valid or was already used.';
const CODE_FORMAT = `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`;

/** A 6-digit code; spaces (as apps show "123 456") are ignored. */
export const zTotpCode = () =>
  z
    .string({ error: REQUIRED })
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(v), CODE_FORMAT);

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
