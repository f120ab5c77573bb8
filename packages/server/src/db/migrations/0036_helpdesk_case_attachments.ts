import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 17, helpdesk case attachments: files either party of a case uploads. The bytes live in the file store under
// `file_key`; `account_id` is the uploader's account (DESIGN §7). A case's attachments are read by the case, oldest
// first; list indexes derive from the declaration.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table helpdesk_case_attachments (
      id text primary key,
      case_id text not null references helpdesk_cases(id) on delete cascade,
      account_id text not null references accounts(id) on delete cascade,
      file_key text not null,
      created_at timestamptz not null,
      data jsonb not null
    );
    create index helpdesk_case_attachments_case on helpdesk_case_attachments (case_id, created_at)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `drop table if exists helpdesk_case_attachments`);
}
