import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from './schema.ts';
import { lockDataDir, type DataDirLock } from './lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { WriteWatch, type Write } from './write-watch.ts';

export type Database = Kysely<DB>;

export interface DatabaseOptions {
  /** postgres://… — use PostgreSQL; otherwise the embedded PGlite database. */
  url?: string;
  /** Directory of the embedded database; omitted = in memory. */
  dataDir?: string;
  /** Who holds the embedded database's lock file: 'server' (default) or the CLI command. */
  role?: string;
}

const locks = new WeakMap<Database, DataDirLock>();
const pools = new WeakMap<Database, import('pg').Pool>();
/** A new client (not connected) on a PostgreSQL database, for a listener (`listen`); none for PGlite. */
const listeners = new WeakMap<Database, () => import('pg').Client>();
/** The connection pool of a PostgreSQL database (for COPY, which Kysely does not speak); none for PGlite. */
export const poolOf = (db: Database): import('pg').Pool | undefined => pools.get(db);
const embedded = new WeakMap<Database, PGlite>();
const watches = new WeakMap<Database, WriteWatch>();

/** Call `fn` on each write this process makes to the database, as it runs (db/write-watch.ts); answers how to stop. */
export function onWrite(db: Database, fn: (w: Write) => void): () => void {
  return watches.get(db)?.on(fn) ?? (() => undefined);
}

/** A Kysely over `dialect` whose writes can be watched. */
function kyselyOf(dialect: ConstructorParameters<typeof Kysely<DB>>[0]['dialect']): Database {
  const watch = new WriteWatch();
  const db = new Kysely<DB>({ dialect, plugins: [watch] });
  watches.set(db, watch);
  return db;
}

/**
 * Call `fn` with the payload of each NOTIFY on `channel` (delivered when the notifying transaction commits, from any
 * process on the database); answers how to stop. On PostgreSQL this opens a connection of its own beside the pool,
 * which it holds for as long as it listens: the pool's connections all serve queries (DATABASE_POOL_SIZE means what
 * it says). `onLost` is told when that connection ends without being stopped (notifications may have been missed).
 */
export async function listen(
  db: Database,
  channel: string,
  fn: (payload: string) => void,
  onLost?: (err: Error) => void,
): Promise<() => Promise<void>> {
  const connect = listeners.get(db);
  if (connect) {
    const client = connect();
    let stopped = false;
    const close = () => void client.end().catch(() => undefined);
    const lost = (err?: Error) => {
      if (stopped) return;
      stopped = true;
      close();
      onLost?.(err ?? new Error('the listening connection ended'));
    };
    client.on('notification', (n) => {
      if (n.channel === channel) fn(n.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (e) {
      // the connection may have broken under the LISTEN: then `lost` closed it already
      if (!stopped) {
        stopped = true;
        close();
      }
      throw e;
    }
    // the LISTEN ends with its connection
    return async () => {
      if (stopped) return;
      stopped = true;
      await client.end().catch(() => undefined);
    };
  }
  const lite = embedded.get(db);
  if (!lite) return async () => undefined;
  // on the one connection, between transactions (a LISTEN inside one would wait for its commit)
  const stop = await db.connection().execute(() => lite.listen(channel, (payload) => fn(payload)));
  return async () => {
    await db.connection().execute(() => stop());
  };
}

/** A listener kept by `keepListening`. */
export interface KeptListener {
  /** Whether notifications are delivered now (false before the first LISTEN and between a loss and the next one). */
  readonly listening: boolean;
  /** Settles once the first attempt to listen did (listening, or failed and trying again). */
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

/** How long a kept listener waits before listening again after its connection was lost (or an attempt failed). */
export const RELISTEN_MS = 1000;

/**
 * `listen`, kept up for as long as it is not stopped: a lost listening connection (backend terminated, database
 * restarted, network reset) or a failed attempt is followed by another attempt `retryMs` later, until one succeeds.
 * `onListening` is told each time it listens (again), `onLost` each time it stops without being stopped: the
 * notifications in between are lost, so a user catches up on what they would have told (the caller cache forgets
 * what it kept, the job runner looks for due work).
 */
export function keepListening(
  db: Database,
  channel: string,
  fn: (payload: string) => void,
  opts: { onListening?: () => void; onLost?: (err: Error) => void; retryMs?: number } = {},
): KeptListener {
  let stopped = false;
  let live = false;
  let unlisten: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;
  const lost = (err: Error) => {
    live = false;
    unlisten = null;
    // once per loss: a connection that breaks under its LISTEN is reported by its error and by the failed LISTEN
    if (stopped || retry) return;
    opts.onLost?.(err);
    retry = setTimeout(() => void attempt(), opts.retryMs ?? RELISTEN_MS);
  };
  const attempt = async () => {
    retry = null;
    if (stopped) return;
    let stop: () => Promise<void>;
    try {
      stop = await listen(db, channel, fn, lost);
    } catch (e) {
      return lost(e instanceof Error ? e : new Error(String(e)));
    }
    // stopped while connecting: this connection is not wanted
    if (stopped) return void (await stop().catch(() => undefined));
    unlisten = stop;
    live = true;
    opts.onListening?.();
  };
  const started = attempt();
  return {
    get listening() {
      return live;
    },
    started,
    async stop() {
      stopped = true;
      live = false;
      if (retry) clearTimeout(retry);
      // the database may be closed already (its own onClose ran first): its connection went with it
      await unlisten?.().catch(() => undefined);
      unlisten = null;
    },
  };
}

/**
 * Run `copy <table> (<columns>) from stdin` with `text` (lines in COPY's text format) on the embedded database, which
 * takes COPY's data as a blob; on its one connection, in turn with every other query.
 */
export async function copyIntoEmbedded(db: Database, statement: string, text: string): Promise<void> {
  const lite = embedded.get(db);
  if (!lite) throw new Error('copyIntoEmbedded: not an embedded database');
  await db.connection().execute(async () => {
    await lite.query(statement.replace(/ from stdin$/i, " from '/dev/blob'"), [], { blob: new Blob([text]) });
  });
}
/** The lock file of an embedded database opened from a directory (a server adds its URL to it). */
export const lockOf = (db: Database): DataDirLock | undefined => locks.get(db);

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pg = (await import('pg')).default;
    // timestamps stay strings in the database layer's own format; the engine turns them into ISO 8601
    const connection = {
      connectionString: opts.url,
      // an unreachable host must not hold a request for minutes: it fails (503) and the next one tries again
      connectionTimeoutMillis: Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000),
    };
    const pool = new pg.Pool({ ...connection, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    // A client whose backend is terminated (restart, failover, network reset, server-side timeout) emits
    // 'error'. The pool listens only while a client is idle; without a listener of our own on every client,
    // one dropped connection in use by a request would end the process ("Unhandled 'error' event"). The
    // request's query fails (503), the pool discards the broken client on release and opens a new one.
    const lost = (err: Error) => console.error(`database connection lost: ${err.message}`);
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const db = kyselyOf(new PostgresDialect({ pool }));
    pools.set(db, pool);
    // the same connection settings as the pool's, for the listeners' own connections
    listeners.set(db, () => new pg.Client(connection));
    return db;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // trigram indexes serve `search=` (migration 0014), btree_gin the list filters (0016); PostgreSQL ships both
  // in its contrib modules
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  if (!opts.dataDir) {
    const memory = new PGlite({ extensions: { pg_trgm, btree_gin } });
    await memory.waitReady;
    const db = kyselyOf(new PGliteDialect(memory));
    embedded.set(db, memory);
    return db;
  }
  // one process at a time on a data directory (db/lock.ts): a second one stops here, naming the holder
  await mkdir(opts.dataDir, { recursive: true });
  const lock = lockDataDir(opts.dataDir, opts.role ?? 'server');
  try {
    const pglite = new PGlite({ dataDir: opts.dataDir, extensions: { pg_trgm, btree_gin } });
    await pglite.waitReady;
    const db = kyselyOf(new PGliteDialect(pglite, () => lock.release()));
    locks.set(db, lock);
    embedded.set(db, pglite);
    return db;
  } catch (e) {
    lock.release();
    throw e;
  }
}
