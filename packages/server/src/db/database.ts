import { mkdir } from 'node:fs/promises';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from './schema.ts';
import { PGliteDialect } from './pglite-dialect.ts';

export type Database = Kysely<DB>;

export interface DatabaseOptions {
  /** postgres://… — use PostgreSQL; otherwise the embedded PGlite database. */
  url?: string;
  /** Directory of the embedded database; omitted = in memory. */
  dataDir?: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pg = (await import('pg')).default;
    // timestamps stay strings in the database layer's own format; the engine turns them into ISO 8601
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    // An idle client dropped by the server (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // trigram indexes serve `search=` (migration 0014); PostgreSQL ships pg_trgm in its contrib modules
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  const pglite = new PGlite({ dataDir: opts.dataDir, extensions: { pg_trgm } });
  await pglite.waitReady;
  return new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
}
