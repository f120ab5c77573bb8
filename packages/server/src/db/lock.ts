import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One process per embedded database. PGlite is PostgreSQL in this process's memory over files: a second process
 * on the same directory (a CLI run next to a running server) silently loses its writes or corrupts the files.
 * The holder writes `trellis.lock` in the data directory (its pid, host, start and, for a server, where it
 * listens); a second process stops at once naming both. A lock whose process is gone (kill -9, power loss) is
 * stale and taken over.
 */
export const LOCK_FILE = 'trellis.lock';

export interface LockInfo {
  pid: number;
  host: string;
  /** When the holder took the lock (ISO 8601). */
  since: string;
  /** What the holder is: 'server' or the CLI command. */
  role: string;
  /** Start time of the process in clock ticks since boot (Linux), to tell a reused pid from the holder. */
  start_ticks?: string;
  /** A running server: where it listens, and the key its local CLI bridge accepts (see cli.ts). */
  url?: string;
  cli_key?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockInfo,
  ) {
    const what = holder.role === 'server' ? 'a running Trellis server' : `another trellis command (${holder.role})`;
    const where = holder.host === hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on host ${holder.host}`;
    super(
      `The embedded database in ${dir} is in use by ${what} (${where}, since ${holder.since}${holder.url ? `, at ${holder.url}` : ''}). ` +
        'Only one process can open it at a time: stop that process first, ' +
        (holder.role === 'server'
          ? 'or run trellis commands while it runs (they go through the server), '
          : 'or wait for it to finish, ') +
        'or set TRELLIS_DATA_DIR to another directory.',
    );
  }
}

/** Field 22 of /proc/<pid>/stat: the process start time (Linux only; undefined elsewhere). */
function startTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Is the process that wrote this lock still running? A lock of another host cannot be checked: assumed live. */
export function holderAlive(info: LockInfo): boolean {
  if (info.host !== hostname()) return true;
  if (!Number.isInteger(info.pid) || info.pid <= 0) return false;
  try {
    process.kill(info.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // the pid may have been reused by an unrelated process since the holder died
  const ticks = startTicks(info.pid);
  return !(info.start_ticks && ticks && ticks !== info.start_ticks);
}

export function readLock(dir: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  readonly dir: string;
  readonly info: LockInfo;
  /** Add what a server tells CLI runs (its URL and bridge key). */
  update(extra: Partial<LockInfo>): void;
  release(): void;
}

/** Take the data directory for this process, or throw DataDirLockedError naming the holder. */
export function lockDataDir(dir: string, role: string): DataDirLock {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  let info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    role,
    start_ticks: startTicks(process.pid),
  };
  const write = (flag: 'wx' | 'w') => writeFileSync(path, JSON.stringify(info, null, 2) + '\n', { flag, mode: 0o600 });
  for (let attempt = 0; ; attempt++) {
    try {
      write('wx'); // atomic: fails when the file exists
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw e;
    }
    const holder = readLock(dir);
    if (holder && holderAlive(holder)) throw new DataDirLockedError(dir, holder);
    // stale (or unreadable: a holder killed while writing it): move it aside, so that of two processes taking
    // over at once only one succeeds in the rename, then try again
    const aside = `${path}.stale-${process.pid}-${randomBytes(3).toString('hex')}`;
    try {
      renameSync(path, aside);
      unlinkSync(aside);
    } catch {
      // another process moved it first; the next attempt sees its fresh lock
    }
  }
  let held = true;
  const onExit = () => lock.release();
  const lock: DataDirLock = {
    dir,
    get info() {
      return info;
    },
    update(extra) {
      info = { ...info, ...extra };
      if (held) write('w');
    },
    release() {
      if (!held) return;
      held = false;
      process.off('exit', onExit);
      // only our own lock: never one another process took over meanwhile
      if (readLock(dir)?.pid === process.pid && existsSync(path)) unlinkSync(path);
    },
  };
  process.on('exit', onExit);
  return lock;
}
