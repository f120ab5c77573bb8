import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 17, news (/news): posts an account publishes to its partners, and each published version of a post. List
// indexes derive from the declarations at start.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table news (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      status text not null,
      audience text not null,
      title text not null,
      version integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      published_at timestamptz,
      data jsonb not null
    );
    create index news_account on news (account_id);

    create table news_versions (
      post_id text not null references news(id) on delete cascade,
      version integer not null,
      version_id text not null,
      account_id text not null,
      title text not null,
      published_at timestamptz not null,
      data jsonb not null,
      primary key (post_id, version)
    )
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'drop table if exists news_versions;\ndrop table if exists news');
}
