import pg from 'pg';

// By default the e2e server uses the embedded database, as `npm start` does. To run the journeys on PostgreSQL,
// set E2E_PG_URL to a PostgreSQL server (a superuser URL such as postgres://postgres@127.0.0.1:5432/postgres);
// global-setup.ts then creates a throw-away database for the server and drops it afterwards.

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
