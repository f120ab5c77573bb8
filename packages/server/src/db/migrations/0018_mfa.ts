import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 14: multi-factor authentication with TOTP (modules/identity/mfa).
// - user_mfa: one MFA per user (it follows the user into every account). The TOTP secret is stored encrypted
//   (AES-256-GCM, mfa/secret-box.ts); last_step is the time step of the last accepted code, so a code is never
//   accepted twice. `data` is the MFA object as GET /users/{id}/mfa returns it.
// - user_mfa_recovery_codes: single-use codes, stored only as digests.
// - sessions.mfa_step: set while the session may do nothing but complete MFA (enrol or verify);
//   sessions.mfa_verified_at: when the session proved a second factor.
// - The account MFA policy `disabled` is spelt `not required` (spec §3, §4).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table user_mfa (
      user_id text primary key references users(id) on delete cascade,
      id text not null unique,
      status text not null,
      method text not null,
      secret_enc text,
      last_step bigint,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create table user_mfa_recovery_codes (
      user_id text not null references users(id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      created_at timestamptz not null,
      primary key (user_id, code_hash)
    );
    alter table sessions add column mfa_step text;
    alter table sessions add column mfa_verified_at timestamptz;
    update accounts set data = jsonb_set(data, '{settings,mfa,policy}', '"not required"')
      where data #>> '{settings,mfa,policy}' = 'disabled'
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    update accounts set data = jsonb_set(data, '{settings,mfa,policy}', '"disabled"')
      where data #>> '{settings,mfa,policy}' = 'not required';
    alter table sessions drop column if exists mfa_verified_at;
    alter table sessions drop column if exists mfa_step;
    drop table if exists user_mfa_recovery_codes;
    drop table if exists user_mfa
  `,
  );
}
