import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Items of products, their groups, and units of measure. Item ids are the product id plus a per-product
// sequence (PRD-276-377-545-0001). Units with a null account_id are shared by everyone; a vendor may add its own.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table units (
      id text primary key,
      account_id text references accounts(id) on delete cascade,
      name text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index units_account on units (account_id, name);

    create table item_groups (
      id text primary key,
      product_id text not null references products(id) on delete cascade,
      account_id text not null references accounts(id),
      name text,
      mpn text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index item_groups_product on item_groups (product_id, name);
    create index item_groups_created on item_groups (product_id, created_at);
    create unique index item_groups_mpn on item_groups (product_id, mpn);

    create table items (
      id text primary key,
      product_id text not null references products(id) on delete cascade,
      account_id text not null references accounts(id),
      seq int not null,
      status text not null,
      name text not null,
      mpn text not null,
      type text not null,
      period text not null,
      group_id text references item_groups(id),
      unit_id text not null references units(id),
      position int not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create unique index items_seq on items (product_id, seq);
    create unique index items_mpn on items (product_id, mpn);
    create index items_position on items (product_id, position);
    create index items_status on items (product_id, status);
    create index items_name on items (product_id, name);
    create index items_group on items (group_id);
    create index items_unit on items (unit_id)
  `,
  );
  const at = new Date().toISOString();
  const rows = SHARED_UNITS.map(([id, name, title, unit]) => ({
    id,
    account_id: null,
    name,
    created_at: at,
    updated_at: at,
    data: JSON.stringify({
      id,
      name,
      title,
      description: title,
      unit,
      mpn: null,
      owner: null,
      events: { created: { at, by: null }, updated: { at, by: null } },
    }),
  }));
  await db.insertInto('units').values(rows).execute();
}

/** [id, name, title (description), unit symbol]: the default empty units first, then common units of SaaS catalogues. */
const SHARED_UNITS: [string, string, string, string][] = [
  ['unit', 'Units', 'Units', 'unit'],
  ['unith', 'Units-hour', 'Units × hours', 'unit-h'],
  ['users', 'Users', 'Users', 'user'],
  ['licenses', 'Licenses', 'Licenses', 'license'],
  ['seats', 'Seats', 'Seats', 'seat'],
  ['devices', 'Devices', 'Devices', 'device'],
  ['mailboxes', 'Mailboxes', 'Mailboxes', 'mailbox'],
  ['vms', 'Virtual machines', 'Virtual machines', 'vm'],
  ['cores', 'CPU cores', 'CPU cores', 'core'],
  ['hours', 'Hours', 'Hours', 'h'],
  ['minutes', 'Minutes', 'Minutes', 'min'],
  ['gb', 'Gigabytes', 'Gigabytes', 'GB'],
  ['tb', 'Terabytes', 'Terabytes', 'TB'],
  ['gbh', 'Gigabyte-hours', 'Gigabytes × hours', 'GB-h'],
  ['gbmonth', 'Gigabyte-months', 'Gigabytes × months', 'GB-mo'],
  ['requests', 'Requests', 'API requests', 'request'],
  ['transactions', 'Transactions', 'Transactions', 'transaction'],
  ['messages', 'Messages', 'Messages', 'message'],
  ['domains', 'Domains', 'Domains', 'domain'],
];

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'drop table if exists items, item_groups, units cascade');
}
