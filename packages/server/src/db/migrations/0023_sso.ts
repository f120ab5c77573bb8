import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 14, single sign-on: identity providers (/idps), SSO services (/sso/services), and the state of sign-in flows
// in progress (a SAML AuthnRequest or an OpenID Connect authorization request: single use, 10 minutes). A domain's
// link to an identity provider lives in `domains.data.auth`.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table idps (
      id text primary key,
      account_id text not null references accounts(id),
      type text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index idps_account on idps (account_id);

    create table sso_services (
      id text primary key,
      account_id text not null references accounts(id),
      idp_id text not null references idps(id),
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index sso_services_account on sso_services (account_id, status);

    create table sso_flows (
      id text primary key,
      idp_id text not null references idps(id) on delete cascade,
      service_id text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      data jsonb not null
    );
    create index sso_flows_expiry on sso_flows (expires_at)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'drop table if exists sso_flows, sso_services, idps cascade');
}
