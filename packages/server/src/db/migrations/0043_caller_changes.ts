import { sql, type Kysely } from 'kysely';

// Every server process keeps callers' contexts between calls (http/caller-cache.ts). The database tells all of them
// when what a context is made of changes: a NOTIFY on `trellis_callers`, sent when the writing transaction commits,
// whichever process or command wrote. Triggers, not application code, so no write path can forget it. The payload
// names what changed: `session:<id>`, `user:<id>`, `account:<id>` or `token:<id>`.
export const CALLER_SOURCES: [table: string, kind: string, column: string][] = [
  ['sessions', 'session', 'id'],
  ['users', 'user', 'id'],
  ['account_users', 'user', 'user_id'],
  ['group_users', 'user', 'user_id'],
  ['accounts', 'account', 'id'],
  ['groups', 'account', 'account_id'],
  ['acl_rules', 'account', 'account_id'],
  ['tokens', 'token', 'id'],
];

export async function up(db: Kysely<any>): Promise<void> {
  // TG_ARGV: the kind, the column naming the object, and a column whose change alone says nothing (a session's
  // last_seen_at, written once a minute by whichever process serves it)
  await sql
    .raw(
      `create function trellis_caller_changed() returns trigger language plpgsql as $$
      declare
        before jsonb := case when tg_op = 'INSERT' then null else to_jsonb(old) end;
        after jsonb := case when tg_op = 'DELETE' then null else to_jsonb(new) end;
      begin
        if tg_op = 'UPDATE' and tg_nargs > 2 and (before - tg_argv[2]) = (after - tg_argv[2]) then
          return null;
        end if;
        if before is not null then
          perform pg_notify('trellis_callers', tg_argv[0] || ':' || (before ->> tg_argv[1]));
        end if;
        if after is not null and (before is null or (after ->> tg_argv[1]) <> (before ->> tg_argv[1])) then
          perform pg_notify('trellis_callers', tg_argv[0] || ':' || (after ->> tg_argv[1]));
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  for (const [table, kind, column] of CALLER_SOURCES) {
    const ignored = table === 'sessions' ? `, 'last_seen_at'` : '';
    await sql
      .raw(
        `create trigger ${table}_caller_changed after insert or update or delete on ${table}
        for each row execute function trellis_caller_changed('${kind}', '${column}'${ignored})`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of CALLER_SOURCES)
    await sql.raw(`drop trigger if exists ${table}_caller_changed on ${table}`).execute(db);
  await sql.raw('drop function if exists trellis_caller_changed()').execute(db);
}
