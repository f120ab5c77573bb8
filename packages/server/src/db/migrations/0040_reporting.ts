import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Reports (/reporting/...): the built-in repository and its templates (written from the code at start), and the
// reports accounts run from them. List indexes derive from the declarations at start.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table report_repositories (
      id text primary key,
      name text not null,
      status text not null,
      repository_type text not null,
      created_at timestamptz not null,
      data jsonb not null
    );

    create table report_templates (
      id text primary key,
      name text not null,
      status text not null,
      type text not null,
      local_id text not null,
      repository_id text not null,
      repository_name text not null,
      audience_vendor boolean not null,
      audience_provider boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );

    create table reports (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      name text not null,
      status text not null,
      renderer text not null,
      template_id text not null,
      template_name text not null,
      schedule_id text,
      timeout boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      started_at timestamptz,
      terminated_at timestamptz,
      file_key text,
      requester jsonb not null,
      data jsonb not null
    );
    create index reports_account on reports (account_id);
    create index reports_expiry on reports (terminated_at) where file_key is not null;

    create table report_schedules (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      name text not null,
      status text not null,
      renderer text not null,
      template_id text not null,
      template_name text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      next_at timestamptz,
      requester jsonb not null,
      data jsonb not null
    );
    create index report_schedules_account on report_schedules (account_id);
    create index report_schedules_due on report_schedules (next_at) where next_at is not null
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    'drop table if exists report_schedules;\ndrop table if exists reports;\ndrop table if exists report_templates;\ndrop table if exists report_repositories',
  );
}
