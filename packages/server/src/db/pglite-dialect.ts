import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

// PGlite has a single connection: serialise every query and every transaction through one lock,
// and return int8/numeric the way `pg` does (strings) so both databases behave the same.
const INT8 = 20;
const NUMERIC = 1700;
const parsers = { [INT8]: (v: string) => v, [NUMERIC]: (v: string) => v };

class Lock {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.pg.query<R>(q.sql, q.parameters as unknown[], { parsers });
    const affected = res.affectedRows;
    return {
      rows: res.rows,
      numAffectedRows: affected === undefined ? undefined : BigInt(affected),
    };
  }
  async *streamQuery<R>(q: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(q);
  }
}

class PGliteDriver implements Driver {
  private readonly lock = new Lock();
  private release: (() => void) | null = null;
  private readonly conn: PGliteConnection;
  constructor(
    private readonly pg: PGlite,
    private readonly onDestroy?: () => void,
  ) {
    this.conn = new PGliteConnection(pg);
  }
  async init() {
    await this.pg.waitReady;
  }
  async acquireConnection() {
    this.release = await this.lock.acquire();
    return this.conn;
  }
  async releaseConnection() {
    const r = this.release;
    this.release = null;
    r?.();
  }
  async beginTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async destroy() {
    try {
      await this.pg.close();
    } finally {
      this.onDestroy?.();
    }
  }
}

export class PGliteDialect implements Dialect {
  /** `onDestroy` runs once the database is closed (the data directory's lock is released then). */
  constructor(
    private readonly pg: PGlite,
    private readonly onDestroy?: () => void,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.pg, this.onDestroy);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
