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
}
export interface AuthContext {
  account: AuthAccount;
  user: AuthUser | null;
  permissions: string[];
  session_id: string | null;
  /** Absent for a restricted user (spec §6): a session logged in as the user from a managing account. */
  accounts?: { id: string; name: string; type: string; role: string }[];
  /** Who of a managing account is logged in as this user (impersonation); absent otherwise. */
  impersonator?: Impersonator;
}
export interface Impersonator {
  id: string;
  name: string;
  type: 'user' | 'token';
  account: { id: string; name: string };
}
