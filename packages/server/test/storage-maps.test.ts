import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../src/modules/index.ts';
import type { Table } from '../src/resources/table.ts';
import { testApp, type TestApp } from './helpers.ts';

// Storage declared once (DESIGN §3): every declared table map (resources/table.ts) against the migrated schema,
// on PGlite and on PostgreSQL. A column the map names but the migration does not create (or with another type
// or nullability), or a column the migration adds that no map declares, fails here before it fails a write.

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const declared = (): Table[] => {
  const tables = new Map<string, Table>();
  for (const area of AREAS) {
    for (const res of area.resources ?? []) if (typeof res.table !== 'string') tables.set(res.table.name, res.table);
    for (const table of area.tables ?? []) tables.set(table.name, table);
  }
  return [...tables.values()];
};

interface DbColumn {
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

describe('declared table maps match the migrated schema', () => {
  it('covers at least the tables moved onto declared storage', () => {
    expect(declared().map((t) => t.name)).toEqual(
      expect.arrayContaining(['tier_accounts', 'tier_account_versions', 'tier_account_requests']),
    );
  });

  it('every table: same columns, types and nullability', async () => {
    const problems: string[] = [];
    for (const table of declared()) {
      const { rows } = await sql<DbColumn>`select column_name, data_type, is_nullable, column_default
        from information_schema.columns where table_schema = 'public' and table_name = ${table.name}`.execute(t.db);
      if (!rows.length) {
        problems.push(`${table.name}: no such table`);
        continue;
      }
      const actual = new Map(rows.map((r) => [r.column_name, r]));
      const expected = {
        ...table.columns,
        ...(table.data ? { data: { type: 'jsonb', allowsNull: false } } : {}),
        ...(table.text ? { data_text: { type: 'text', allowsNull: true } } : {}),
      };
      for (const [name, c] of Object.entries(expected) as [
        string,
        { type: string; allowsNull: boolean; hasDefault?: boolean },
      ][]) {
        const col = actual.get(name);
        if (!col) problems.push(`${table.name}.${name}: declared, not in the schema`);
        else {
          if (col.data_type !== c.type)
            problems.push(`${table.name}.${name}: declared ${c.type}, schema ${col.data_type}`);
          if ((col.is_nullable === 'YES') !== c.allowsNull)
            problems.push(
              `${table.name}.${name}: declared ${c.allowsNull ? '' : 'not '}null, schema ${col.is_nullable === 'YES' ? '' : 'not '}null`,
            );
          if (c.hasDefault && col.column_default === null)
            problems.push(`${table.name}.${name}: declared generated, no default`);
        }
        actual.delete(name);
      }
      for (const name of actual.keys()) problems.push(`${table.name}.${name}: in the schema, not declared`);
    }
    expect(problems).toEqual([]);
  });
});
