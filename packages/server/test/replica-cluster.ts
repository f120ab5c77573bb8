import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

// A PostgreSQL primary and a streaming replica of it, started from the PostgreSQL binaries in a temporary directory,
// for tests of reads from a replica (read-replica.test.ts). The test cluster of TEST_DATABASE_URL is not used: it
// may hold other data, and replicating it needs its pg_hba.conf to allow replication connections.

const run = promisify(execFile);

/** Where initdb, pg_ctl and pg_basebackup are (Debian's PostgreSQL 15 unless PG_BINDIR says otherwise). */
export const PG_BINDIR = process.env.PG_BINDIR ?? '/usr/lib/postgresql/15/bin';
export const hasPgBinaries = ['initdb', 'pg_ctl', 'pg_basebackup'].every((b) => existsSync(join(PG_BINDIR, b)));

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** PostgreSQL refuses to run as root: as root, the servers run as the `postgres` system user. */
async function runAs(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

export interface ReplicatedCluster {
  /** postgres://… of `database` on the primary, and on the replica. */
  primaryUrl: string;
  replicaUrl: string;
  stop(): Promise<void>;
}

/** Starts a primary with `database` in it and a streaming replica (pg_basebackup -R); about two seconds. */
export async function startReplicatedCluster(database = 'trellis'): Promise<ReplicatedCluster> {
  const user = await runAs();
  const dir = mkdtempSync(join(tmpdir(), 'trellis-replica-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const bin = (name: string, args: string[]) =>
    run(join(PG_BINDIR, name), args, { cwd: dir, ...(user ?? {}), env: { ...process.env, PGUSER: 'postgres' } });
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const options = (port: number) =>
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60`;
  const started: string[] = [];
  const stop = async () => {
    for (const data of started.reverse())
      await bin('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const primary = join(dir, 'primary');
    const replica = join(dir, 'replica');
    await bin('initdb', ['-D', primary, '-U', 'postgres', '-A', 'trust', '-N']);
    await bin('pg_ctl', ['-D', primary, '-l', join(dir, 'primary.log'), '-w', '-o', options(primaryPort), 'start']);
    started.push(primary);
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
    await admin.connect();
    await admin.query(`create database ${database}`).finally(() => admin.end());
    const backup = ['-D', replica, '-h', '127.0.0.1', '-p', String(primaryPort), '-R', '-X', 'stream', '-c', 'fast'];
    await bin('pg_basebackup', backup);
    await bin('pg_ctl', ['-D', replica, '-l', join(dir, 'replica.log'), '-w', '-o', options(replicaPort), 'start']);
    started.push(replica);
  } catch (e) {
    await stop();
    throw e;
  }
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return { primaryUrl: url(primaryPort), replicaUrl: url(replicaPort), stop };
}
