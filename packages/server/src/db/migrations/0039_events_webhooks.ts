import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 18, events and webhooks: the event outbox every audited change writes to in its own transaction, the
// accounts' webhooks (their signing secret in a column of its own, never in the answered `data`), and each
// webhook's deliveries.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table events (
      seq bigserial primary key,
      id text not null unique,
      object_class text not null,
      object_id text not null,
      type text not null,
      action text not null,
      account_ids text[] not null,
      product_id text,
      created_at timestamptz not null,
      dispatched_at timestamptz
    );
    create index events_undispatched on events (seq) where dispatched_at is null;
    create index events_by_age on events (created_at);
    create table webhooks (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      type text not null,
      object_class text not null,
      product_id text not null,
      active boolean not null,
      label text not null,
      secret text not null,
      created_at timestamptz not null,
      data jsonb not null
    );
    create index webhooks_consumers on webhooks (object_class, product_id) where active;
    create table webhook_deliveries (
      id text primary key,
      webhook_id text not null references webhooks(id) on delete cascade,
      account_id text not null,
      event_seq bigint,
      object_id text,
      status text not null,
      attempts integer not null,
      next_attempt_at timestamptz,
      created_at timestamptz not null,
      data jsonb not null
    );
    create index webhook_deliveries_log on webhook_deliveries (webhook_id, created_at desc, id);
    create index webhook_deliveries_by_age on webhook_deliveries (created_at);
    create index webhook_deliveries_open on webhook_deliveries (webhook_id, object_id, event_seq)
      where status in ('pending', 'retrying')
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `drop table if exists webhook_deliveries; drop table if exists webhooks; drop table if exists events`,
  );
}
