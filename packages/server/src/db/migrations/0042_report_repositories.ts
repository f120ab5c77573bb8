import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Accounts' own report repositories (uploaded archives): the owner of a repository and of its templates (null for
// the built-in ones, which every account reads), and each uploaded version's files by tag.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    alter table report_repositories add column account_id text references accounts(id) on delete cascade;
    alter table report_repositories add column updated_at timestamptz;
    update report_repositories set updated_at = created_at;
    alter table report_repositories alter column updated_at set not null;
    create index report_repositories_account on report_repositories (account_id);

    alter table report_templates add column account_id text references accounts(id) on delete cascade;
    create index report_templates_repository on report_templates (repository_id);

    create table report_repository_versions (
      repository_id text not null references report_repositories(id) on delete cascade,
      tag text not null,
      commit text not null,
      files jsonb not null,
      created_at timestamptz not null,
      primary key (repository_id, tag)
    )
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `drop table if exists report_repository_versions;
    alter table report_templates drop column account_id;
    alter table report_repositories drop column updated_at;
    alter table report_repositories drop column account_id`,
  );
}
