import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrateToLatest, migrations } from '../src/db/migrate.ts';
import { createAccount } from '../src/modules/identity/accounts/service.ts';

// Migration 0021 moves the look from brands onto their portals: rows written before it keep what they showed.

let db: Database;
beforeAll(async () => {
  db = await openDatabase({});
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0021'));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
  if (error) throw error;
});
afterAll(async () => {
  await db?.destroy();
});

describe('migration 0021_brands', () => {
  it("gives each portal its brand's former look and the brand its new shape", async () => {
    const { account } = await createAccount(db, { name: 'Legacy Vendor', type: 'vendor' });
    const at = '2024-05-01T10:00:00.000Z';
    const old = {
      title: 'Legacy Cloud',
      theme: { primary: '#123456', navText: '#fefefe' },
      urls: {
        help: 'https://help.legacy.test/',
        logo: '/public/v1/files/FL-aa.png',
        favicons: { png: '/x.png', gif: '/y' },
      },
      footer: 'Legacy {year}',
      analytics_key: 'UA-9',
    };
    await db
      .insertInto('brands')
      .values({
        id: 'BR-001',
        account_id: account.id,
        title: 'Legacy Cloud',
        type: 'vendor',
        replaced_by: 'new.legacy.test',
        created_at: at,
        updated_at: at,
        data: JSON.stringify(old),
      } as never)
      .execute();
    await db
      .insertInto('brand_portals')
      .values({
        id: 'PO-001',
        brand_id: 'BR-001',
        account_id: null,
        domain: 'legacy.test',
        type: 'vendor',
        replaced_by: null,
        created_at: at,
        updated_at: at,
        data: '{}',
      })
      .execute();

    await migrateToLatest(db);

    const brand = await db.selectFrom('brands').selectAll().where('id', '=', 'BR-001').executeTakeFirstOrThrow();
    expect(brand).toMatchObject({ name: 'Legacy Cloud', subdomain: 'br-001', account_id: account.id });
    expect(brand.data).toMatchObject({
      id: 'BR-001',
      name: 'Legacy Cloud',
      subdomain: 'br-001',
      owner: { id: account.id, name: 'Legacy Vendor' },
    });
    const portal = await db
      .selectFrom('brand_portals')
      .selectAll()
      .where('id', '=', 'PO-001')
      .executeTakeFirstOrThrow();
    expect(portal).toMatchObject({ account_id: account.id, replaced_by: 'new.legacy.test' });
    expect(portal.data).toMatchObject({
      id: 'PO-001',
      domains: 'legacy.test',
      title: 'Legacy Cloud',
      theme: { primary: '#123456', navigation: '#fefefe', accent: '#1565c0' },
      urls: { logo: '/public/v1/files/FL-aa.png', favicons: { png: '/x.png' } },
      signin: { help: 'https://help.legacy.test/' },
      footer: { content: 'Legacy {year}' },
      analytics_key: 'UA-9',
      replaced_by: 'new.legacy.test',
      brand: { id: 'BR-001', name: 'Legacy Cloud' },
    });
    const installation = await db.selectFrom('brands').selectAll().where('id', '=', 'BR-000').executeTakeFirstOrThrow();
    expect(installation).toMatchObject({ name: 'Trellis', subdomain: null, account_id: null });
  });
});
