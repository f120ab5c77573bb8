import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Product content (templates, media, actions, messages, guidelines) and the platform's category tree.
// Every content row belongs to a product and its vendor; the object as returned is in `data`.
const owned = (table: string, extra: string) => `
    create table ${table} (
      id text primary key,
      product_id text not null references products(id) on delete cascade,
      account_id text not null references accounts(id),
      ${extra}
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    )`;

export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    ${owned('product_templates', 'name text not null, scope text not null, type text, position bigint,')};
    create index product_templates_product on product_templates (product_id, position, name);

    ${owned('product_media', 'position int not null, type text not null,')};
    create unique index product_media_position on product_media (product_id, position);

    ${owned('product_actions', 'action text not null, scope text not null, type text not null,')};
    create unique index product_actions_action on product_actions (product_id, action);
    create index product_actions_created on product_actions (product_id, created_at);

    ${owned('product_messages', 'external_id text not null, auto boolean not null default false,')};
    create unique index product_messages_external on product_messages (product_id, external_id);

    ${owned('product_guidelines', 'name text not null, position int not null default 0,')};
    create index product_guidelines_product on product_guidelines (product_id, position, name);

    create table categories (
      id text primary key,
      parent_id text references categories(id),
      family_id text not null,
      name text not null,
      data jsonb not null
    );
    create index categories_parent on categories (parent_id, name);
    create index categories_family on categories (family_id, name)
  `,
  );
  await seedCategories(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    'drop table if exists categories, product_guidelines, product_messages, product_actions, product_media, product_templates cascade',
  );
}

// [id, name, children]; the top level entries are the families' root categories.
type Node = [string, string, Node[]?];
const FAMILIES: { id: string; name: string; root: Node }[] = [
  {
    id: 'FAM-00001',
    name: 'Software',
    root: [
      'CAT-00001',
      'Software',
      [
        [
          'CAT-00011',
          'Productivity & Collaboration',
          [
            ['CAT-00111', 'Email & Messaging'],
            ['CAT-00112', 'Office Suites'],
            ['CAT-00113', 'Video Conferencing'],
          ],
        ],
        [
          'CAT-00012',
          'Security',
          [
            ['CAT-00121', 'Endpoint Protection'],
            ['CAT-00122', 'Identity & Access Management'],
            ['CAT-00123', 'Backup & Recovery'],
          ],
        ],
        [
          'CAT-00013',
          'Business Applications',
          [
            ['CAT-00131', 'CRM'],
            ['CAT-00132', 'Accounting & Finance'],
            ['CAT-00133', 'Human Resources'],
          ],
        ],
        ['CAT-00014', 'Developer Tools'],
      ],
    ],
  },
  {
    id: 'FAM-00002',
    name: 'Infrastructure',
    root: [
      'CAT-00002',
      'Infrastructure',
      [
        ['CAT-00021', 'Compute'],
        ['CAT-00022', 'Storage'],
        ['CAT-00023', 'Networking & CDN'],
        ['CAT-00024', 'Databases'],
      ],
    ],
  },
  {
    id: 'FAM-00003',
    name: 'Communications',
    root: [
      'CAT-00003',
      'Communications',
      [
        ['CAT-00031', 'Voice over IP'],
        ['CAT-00032', 'Mobile Plans'],
      ],
    ],
  },
  {
    id: 'FAM-00004',
    name: 'Hardware',
    root: [
      'CAT-00004',
      'Hardware',
      [
        ['CAT-00041', 'Laptops & Desktops'],
        ['CAT-00042', 'Networking Equipment'],
      ],
    ],
  },
];

async function seedCategories(db: Kysely<any>) {
  const rows: Record<string, unknown>[] = [];
  const walk = (
    [id, name, children = []]: Node,
    parent: { id: string; name: string } | null,
    family: { id: string; name: string },
  ) => {
    const data = { id, name, parent, children: children.map(([cid, cname]) => ({ id: cid, name: cname })), family };
    rows.push({ id, parent_id: parent?.id ?? null, family_id: family.id, name, data: JSON.stringify(data) });
    for (const c of children) walk(c, { id, name }, family);
  };
  for (const f of FAMILIES) walk(f.root, null, { id: f.id, name: f.name });
  await db.insertInto('categories').values(rows).execute();
}
