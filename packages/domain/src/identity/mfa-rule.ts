/**
 * Multi-factor authentication (spec §3 Auth user `mfa`, §4 MFA session): the account's policy, the user's MFA status
 * and the rule that decides which step follows the password. Plain values and functions (no zod), so the portal's
 * login chunk can use them; the wire schemas are in mfa.ts.
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

/** A user's MFA: never set up or turned off (disabled), set up but not yet confirmed with a code (pending), enabled. */
export const MFA_STATUSES = ['disabled', 'pending', 'enabled'] as const;
export type MfaStatus = (typeof MFA_STATUSES)[number];
export const MFA_METHODS = ['totp'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** A user's MFA status as the wire carries it (absent or unknown: disabled). */
export function mfaStatusOf(value: unknown): MfaStatus {
  return (MFA_STATUSES as readonly unknown[]).includes(value) ? (value as MfaStatus) : 'disabled';
}

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

/** Why a user cannot turn its MFA off while an account it belongs to requires it. */
export const mfaRequiredByPolicy = (accountName: string) =>
  `${accountName} requires multi-factor authentication: it cannot be turned off.`;

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;

export const INVALID_TOTP_CODE = 'The code is not valid. Enter the current code from your authenticator app.';
export const INVALID_RECOVERY_CODE = 'The recovery code is not valid or was already used.';
export const TOTP_CODE_FORMAT = `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`;
