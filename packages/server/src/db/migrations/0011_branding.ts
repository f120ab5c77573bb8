import { sql, type Kysely } from 'kysely';
import { DEFAULT_BRAND } from '@trellis/domain';
import { runStatements } from '../sql-script.ts';

// Brands and the hosts (portals) that serve them. The portal asks for its brand by host before it
// renders; an unknown host gets the installation's brand BR-000, seeded here. account_id is the owner
// (null for the installation's brand); the later branding screens write both tables.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table brands (
      id text primary key,
      account_id text references accounts(id),
      title text not null,
      type text not null,
      replaced_by text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index brands_account on brands (account_id);

    create table brand_portals (
      id text primary key,
      brand_id text not null references brands(id) on delete cascade,
      account_id text references accounts(id),
      domain text not null unique check (domain = lower(domain)),
      type text not null,
      replaced_by text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index brand_portals_brand on brand_portals (brand_id)
  `,
  );
  const { id, title, type, replaced_by } = DEFAULT_BRAND;
  await sql`
    insert into brands (id, account_id, title, type, replaced_by, created_at, updated_at, data)
    values (${id}, null, ${title}, ${type}, ${replaced_by}, now(), now(), ${JSON.stringify(DEFAULT_BRAND)}::jsonb)
    on conflict (id) do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'drop table if exists brand_portals, brands cascade');
}
