import type { MfaMethod, MfaStatus, MfaStep } from '@trellis/domain/identity/mfa-rule';

/** Body of POST /auth/login and GET/POST /auth/context. */
export interface AuthAccount {
  id: string;
  name: string;
  type: 'vendor' | 'provider';
  role: string;
  roles?: string[];
  icon?: string | null;
  settings?: { mfa?: { policy?: string } };
}
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  timezone?: string;
  timeformat?: string;
  region?: string;
  /** Minutes the user's time zone is ahead of UTC now. */
  timezoneOffset?: number;
  permissions: { id: string }[];
  groups: { id: string; name: string }[];
  /** spec §3: the user's MFA (null values are omitted on the wire). */
  mfa?: { id?: string; status: MfaStatus; active_method?: MfaMethod };
}
/** The MFA step after the password (identity/mfa-rule.ts); mandatory: the session can do nothing else until it is done. */
export interface AuthMfaStep {
  step: MfaStep;
  method: MfaMethod;
  mandatory: boolean;
}
export interface AuthContext {
  account: AuthAccount;
  user: AuthUser | null;
  permissions: string[];
  session_id: string | null;
  /** Absent for a restricted user (spec §6): a session logged in as the user from a managing account. */
  accounts?: { id: string; name: string; type: string; role: string }[];
  /** In the login answer when a step follows the password; in /auth/context while a mandatory step is pending. */
  mfa?: AuthMfaStep;
  /** Who of a managing account is logged in as this user (impersonation); absent otherwise. */
  impersonator?: Impersonator;
}
export interface Impersonator {
  id: string;
  name: string;
  type: 'user' | 'token';
  account: { id: string; name: string };
}
