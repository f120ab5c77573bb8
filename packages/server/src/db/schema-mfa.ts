import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

/** Migration 0018: a user's MFA (modules/identity/mfa). */
export interface UserMfaTable {
  user_id: string;
  id: string;
  status: string;
  method: string;
  /** AES-256-GCM box of the TOTP secret (mfa/secret-box.ts); null once MFA is turned off. */
  secret_enc: string | null;
  /** TOTP time step of the last accepted code (int8 arrives as a string). */
  last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
export interface UserMfaRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface MfaTables {
  user_mfa: UserMfaTable;
  user_mfa_recovery_codes: UserMfaRecoveryCodesTable;
}
