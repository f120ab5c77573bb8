import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 18, e-mail notifications (/notifications/subscriptions): an account's subscriptions to notification events,
// their rules, and the rules each user opted out of. List indexes derive from the declarations at start.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table notification_subscriptions (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      event_id text not null,
      event_name text not null,
      object_class text not null,
      enabled boolean not null,
      created_at timestamptz not null,
      data jsonb not null
    );
    create unique index notification_subscriptions_event on notification_subscriptions (account_id, event_id);
    create index notification_subscriptions_class on notification_subscriptions (object_class, enabled);

    create table notification_rules (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      subscription_id text not null references notification_subscriptions(id) on delete cascade,
      name text not null,
      enabled boolean not null,
      position integer,
      created_at timestamptz not null,
      data jsonb not null
    );
    create index notification_rules_subscription on notification_rules (subscription_id, position);

    create table notification_opt_outs (
      user_id text not null references users(id) on delete cascade,
      rule_id text not null references notification_rules(id) on delete cascade,
      account_id text not null,
      created_at timestamptz not null,
      primary key (user_id, rule_id)
    );
    create index notification_opt_outs_rule on notification_opt_outs (rule_id)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    'drop table if exists notification_opt_outs;\ndrop table if exists notification_rules;\ndrop table if exists notification_subscriptions',
  );
}
