import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 14: accounts form a tree. An account signed up through another account's invitation code is managed by
// it: it inherits the parent's brand, and the parent's admins may impersonate its users. Top-level accounts
// (the demo's, those made by `trellis create-account`) have none.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    alter table accounts add column parent_id text references accounts(id);
    create index accounts_parent on accounts (parent_id) where parent_id is not null
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'alter table accounts drop column if exists parent_id');
}
