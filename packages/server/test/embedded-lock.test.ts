import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, readLock } from '../src/db/lock.ts';
import { runCli, startCli, waitFor, type Proc } from './processes.ts';

// Issue 11, defect 6: one process per embedded database. A second server or CLI run on the directory of a
// running server stops at once naming the directory and the holder; CLI commands go through the running
// server instead; a lock left by a killed process is stale and taken over. Real processes, as an operator
// runs them. The embedded database only: skipped on the PostgreSQL run.
const onPostgres = !!process.env.TEST_DATABASE_URL;
let dir: string;
let server: Proc | null = null;
const env = () => ({ TRELLIS_DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', JOB_INTERVAL_MS: '0' });

beforeAll(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'trellis-lock-')), 'data');
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await rm(join(dir, '..'), { recursive: true, force: true });
});

describe.skipIf(onPostgres)('the embedded database is opened by one process at a time', () => {
  it('refuses a second server, runs CLI commands through the running one, and takes over a stale lock', async () => {
    server = startCli(['serve'], env());
    await waitFor('the server to listen', () => !!readLock(dir)?.url || server!.child.exitCode !== null);
    const holder = readLock(dir)!;
    expect(holder, server.err()).toMatchObject({ pid: server.child.pid, role: 'server' });

    // A second server stops at once, naming the directory and the process holding it.
    const second = await runCli(['serve'], env());
    expect(second.code).toBe(1);
    expect(second.err).toContain(`The embedded database in ${dir} is in use by a running Trellis server`);
    expect(second.err).toContain(`pid ${server.child.pid}`);

    // CLI commands run through the server, so their writes are the server's and stay.
    const account = await runCli(['create-account', '--name', 'Acme Lock', '--type', 'vendor'], env());
    expect(account.code, account.err).toBe(0);
    const accountId = /Created vendor account (VA-\d{3}-\d{3})/.exec(account.out)![1];
    const token = await runCli(['create-token', '--account', accountId, '--name', 'lock test'], env());
    expect(token.code, token.err).toBe(0);
    const key = /^(ApiKey SU-\S+:\S+)$/m.exec(token.out)![1];
    const ctx = await fetch(`${holder.url}/public/v1/auth/context`, { headers: { authorization: key } });
    expect(ctx.status).toBe(200);
    expect((await ctx.json()).account).toMatchObject({ id: accountId, name: 'Acme Lock' });
    // the bridge answers only with the key of the lock file
    const forged = await fetch(`${holder.url}/_trellis/cli`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trellis-cli-key': 'guess' },
      body: JSON.stringify({ argv: ['mail'] }),
    });
    expect(forged.status).toBe(404);

    // kill -9: the lock file stays behind, names a process that is gone, and is taken over.
    server.child.kill('SIGKILL');
    await server.exited;
    expect(readLock(dir)?.pid).toBe(server.child.pid);
    const after = await runCli(['create-token', '--account', accountId, '--name', 'after the crash'], env());
    expect(after.code, after.err).toBe(0);
    expect(after.out).toContain(`in account ${accountId}`);
    // the command released the directory when it ended
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  }, 120_000);
});
