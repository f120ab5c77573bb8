import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 17, conversations: threads about an object between its two parties, and their messages. Owner and party
// account ids on every row (DESIGN §7); list indexes derive from the declarations.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table conversations (
      id text primary key,
      instance_id text not null,
      type text not null,
      status text not null,
      owner_id text not null references accounts(id) on delete cascade,
      party_a_id text not null,
      party_b_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create unique index conversations_one_per_object on conversations (instance_id) where type = 'conversation';
    create unique index conversations_notes_per_account on conversations (instance_id, owner_id) where type = 'notes';
    create index conversations_party_a on conversations (party_a_id, created_at);
    create index conversations_party_b on conversations (party_b_id, created_at);

    create table conversation_messages (
      id text primary key,
      conversation_id text not null references conversations(id) on delete cascade,
      account_id text not null,
      creator_id text not null,
      type text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index conversation_messages_thread on conversation_messages (conversation_id, created_at)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `drop table if exists conversation_messages; drop table if exists conversations`);
}
