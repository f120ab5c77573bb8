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
  permissions: { id: string }[];
  groups: { id: string; name: string }[];
}
export interface AuthContext {
  account: AuthAccount;
  user: AuthUser | null;
  permissions: string[];
  session_id: string | null;
  accounts?: { id: string; name: string; type: string; role: string }[];
}
