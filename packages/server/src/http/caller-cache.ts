import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { keepListening, onWrite, type Database, type KeptListener } from '../db/database.ts';
import { CALLER_SOURCES } from '../db/migrations/0043_caller_changes.ts';
import type { Write } from '../db/write-watch.ts';

/** The channel the database tells of changes to what callers' contexts are made of (migration 0043). */
export const CALLER_CHANNEL = 'trellis_callers';
/** Entries kept per process (the least recently used go first): a session, token or membership is about 1 KB. */
export const CALLER_CACHE_SIZE = Number(process.env.CALLER_CACHE_SIZE ?? 20_000);
/** How long an answer waits at most for its own change to go round (the listener may be reconnecting). */
const SYNC_WAIT_MS = 1000;
/** The tables callers' contexts are read from: those whose triggers notify (migration 0043). */
const SOURCES = new Set(CALLER_SOURCES.map(([table]) => table));

/** Whether this process's own write may change a kept context: not a new session, nor a session's last-seen time. */
const changesCallers = (w: Write) => {
  if (!SOURCES.has(w.table)) return false;
  if (w.table !== 'sessions') return true;
  return w.op === 'delete' || (w.op === 'update' && !w.columns?.every((c) => c === 'last_seen_at'));
};

interface Entry {
  value: unknown;
  /** What the entry is made of: `session:<id>`, `user:<id>`, `account:<id>`, `token:<id>` (the NOTIFY payloads). */
  tags: string[];
}

/**
 * What authenticates a call (a session, an API token, a user's membership of an account), kept between calls so that
 * a caller nothing changed for costs no database round trip. Verified, across every process on the database:
 * - entries are used only while this process listens to `trellis_callers`, which triggers notify on commit of any
 *   write to the tables they are read from; while not listening (not yet, or the connection was lost) every call
 *   reads the database, and whatever was kept is dropped, since notifications may have been missed;
 * - a load that a notification overtook is not kept (the epoch moved while it read);
 * - a hit waits for one turn of the event loop first, so a notification that reached this process before the call
 *   did is applied before the call is answered: a token deactivated through one process is refused by the others
 *   on their next call.
 */
export class CallerCache {
  private entries = new Map<string, Entry>();
  private epoch = 0;
  private stopped = false;
  private listener: KeptListener | null = null;
  private stopWatching: (() => void) | null = null;
  /** Hits and loads since start, for the benchmark and tests. */
  readonly stats = { hits: 0, loads: 0, dropped: 0 };
  /** This process's writes that may change callers, so far (an answer compares it before and after its work). */
  localWrites = 0;
  private readonly instance = randomUUID();
  private syncs = 0;
  private readonly waiting = new Map<string, () => void>();
  /**
   * With a read replica (http/read-replica.ts): how long after a caller's write its reads go to the primary; 0 = no
   * replica, writers are not followed.
   */
  readAfterWriteMs = 0;
  /** Callers (`user:<id>`, `token:<id>`) that wrote in the last `readAfterWriteMs`, told by any process: when. */
  private readonly writers = new Map<string, number>();
  private listeningSince = 0;

  constructor(private readonly db: Database) {}

  get listening(): boolean {
    return !this.stopped && Boolean(this.listener?.listening);
  }

  /** Starts listening; resolves once entries are used, or once the first attempt failed (it keeps trying). */
  async start(): Promise<void> {
    if (this.stopped || this.listener) return this.listener?.started;
    // this process's own writes are known before their notification comes back: dropped at once
    this.stopWatching ??= onWrite(this.db, (w) => {
      if (!changesCallers(w)) return;
      this.localWrites++;
      this.forgetAll();
    });
    // notifications may have been missed before listening, and while not: whatever was kept is dropped both times
    this.listener = keepListening(this.db, CALLER_CHANNEL, (payload) => this.changed(payload), {
      onListening: () => {
        this.listeningSince = Date.now();
        this.forgetAll();
      },
      onLost: () => this.forgetAll(),
    });
    await this.listener.started;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopWatching?.();
    await this.listener?.stop();
    this.forgetAll();
  }

  private forgetAll() {
    this.epoch++;
    this.entries.clear();
  }

  /** A NOTIFY: drop every entry made of what changed. */
  changed(tag: string) {
    if (tag.startsWith('wrote:')) {
      const [caller, sync] = tag.slice('wrote:'.length).split(' ');
      this.noteWriter(caller);
      return sync ? this.waiting.get(sync)?.() : undefined;
    }
    if (tag.startsWith('sync:')) return this.waiting.get(tag)?.();
    this.epoch++;
    for (const [key, entry] of this.entries)
      if (entry.tags.includes(tag)) {
        this.entries.delete(key);
        this.stats.dropped++;
      }
  }

  /**
   * Resolves once every change committed so far has reached this process's listener: its own marker, notified now,
   * comes back after them (each listener gets notifications in commit order). Every listener was told of those
   * changes at the same moment, so by then the other processes have them too: an answer to a call that changed a
   * caller waits for this, and the client's next call finds every process up to date.
   */
  async sync(): Promise<void> {
    if (this.listening) await this.notifyAndWait('');
  }

  /**
   * `caller` (`user:<id>` or `token:<id>`) wrote: every process reads its lists from the primary for the next
   * `readAfterWriteMs` (http/read-replica.ts). Resolves once every process knows, as `sync` does (and syncs too).
   */
  async wrote(caller: string): Promise<void> {
    this.noteWriter(caller);
    await this.notifyAndWait(`wrote:${caller} `);
  }

  /** Whether `caller` wrote in the last `readAfterWriteMs`, or may have without this process knowing (not listening). */
  wroteLately(caller: string): boolean {
    const now = Date.now();
    // notes may have been missed before listening (again): for a while, anyone may have written
    if (!this.listening || now - this.listeningSince < this.readAfterWriteMs) return true;
    const at = this.writers.get(caller);
    return at !== undefined && now - at < this.readAfterWriteMs;
  }

  private noteWriter(caller: string) {
    if (!this.readAfterWriteMs) return;
    const now = Date.now();
    // oldest first: what is past the window goes from the front
    this.writers.delete(caller);
    this.writers.set(caller, now);
    for (const [key, at] of this.writers) {
      if (now - at < this.readAfterWriteMs) break;
      this.writers.delete(key);
    }
  }

  /** Notifies `prefix` + a marker of its own and waits (while listening) for the marker to come back. */
  private async notifyAndWait(prefix: string): Promise<void> {
    const tag = `sync:${this.instance}:${++this.syncs}`;
    const listening = this.listening;
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<void>((resolve) => {
      this.waiting.set(tag, resolve);
      timer = setTimeout(resolve, SYNC_WAIT_MS);
    });
    try {
      await sql`select pg_notify(${CALLER_CHANNEL}, ${prefix + tag})`.execute(this.db);
      if (listening) await back;
    } catch {
      // the database went away after the change committed: the answer stands, there is nothing to wait for
    } finally {
      clearTimeout(timer);
      this.waiting.delete(tag);
    }
  }

  forget(key: string) {
    this.entries.delete(key);
  }

  /** The value under `key`, kept from an earlier call when nothing it is made of changed since; else `load`ed. */
  async get<T>(key: string, load: () => Promise<{ value: T; tags: string[] } | null>): Promise<T | null> {
    if (this.listening && this.entries.has(key)) {
      await nextTurn();
      const entry = this.entries.get(key);
      if (entry) {
        this.stats.hits++;
        // most recently used last: the first entries are the ones to evict
        this.entries.delete(key);
        this.entries.set(key, entry);
        return entry.value as T;
      }
    }
    const epoch = this.epoch;
    const loaded = await load();
    this.stats.loads++;
    if (!loaded || !this.listening || epoch !== this.epoch) return loaded?.value ?? null;
    this.entries.set(key, { value: loaded.value, tags: loaded.tags });
    if (this.entries.size > CALLER_CACHE_SIZE) this.entries.delete(this.entries.keys().next().value!);
    return loaded.value;
  }
}

const caches = new WeakMap<Database, { cache: CallerCache; users: number }>();

/** The cache of a database's callers in this process; one that was not started reads the database on every call. */
export function callerCacheOf(db: Database): CallerCache {
  let held = caches.get(db);
  if (!held) caches.set(db, (held = { cache: new CallerCache(db), users: 0 }));
  return held.cache;
}

/**
 * Starts the cache of `db` (shared by every app on it in this process) in the background: calls read the database
 * until it listens. Answers how to stop using it.
 */
export function useCallerCache(db: Database): () => Promise<void> {
  const cache = callerCacheOf(db);
  const held = caches.get(db)!;
  if (held.users++ === 0) void cache.start();
  return async () => {
    if (--held.users === 0) {
      caches.delete(db);
      await cache.stop();
    }
  };
}
