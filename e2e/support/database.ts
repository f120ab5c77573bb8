import pg from 'pg';

// The e2e server's database, for the few facts no API can set up yet (e.g. a product listed for a provider
// before distribution exists). The embedded database opens in the server's process only, so this works when
// the run uses PostgreSQL: set E2E_PG_URL to a PostgreSQL server (a superuser URL such as
// postgres://postgres@127.0.0.1:5432/postgres); global-setup.ts then creates a throw-away database for the
// server and hands its URL to the specs in E2E_DATABASE_URL.

/** A fresh database on the server E2E_PG_URL names, and how to drop it afterwards. */
export async function createE2EDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `trellis_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Whether specs can reach the server's database (the run uses PostgreSQL). */
export const canOpenDatabase = () => !!process.env.E2E_DATABASE_URL;
export const DATABASE_NEEDED = 'needs the server database: run with E2E_PG_URL=postgres://postgres@127.0.0.1:5432/postgres';

async function withDatabase<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error(`This step ${DATABASE_NEEDED}.`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Lets an account (a provider) see a product, as a marketplace listing will once distribution exists. */
export async function linkProductToAccount(productId: string, accountId: string, ref = 'MP-E2E'): Promise<void> {
  await withDatabase((c) => c.query(
    `insert into product_links (product_id, account_id, kind, ref_id) values ($1, $2, 'marketplace', $3) on conflict do nothing`,
    [productId, accountId, ref],
  ));
}
