import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 17, favorites: each user's marked objects, per account; one mark per object.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table favorites (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      user_id text not null,
      object_id text not null,
      resource text not null,
      created_at timestamptz not null,
      data jsonb not null
    );
    create unique index favorites_one_per_object on favorites (account_id, user_id, object_id)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `drop table if exists favorites`);
}
