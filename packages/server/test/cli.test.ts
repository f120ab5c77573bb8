import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run } from '../src/cli.ts';
import { testConfig } from '../src/config.ts';
import { queueMail } from '../src/mail/outbox.ts';
import { startServer } from '../src/server.ts';

// The CLI as an operator runs it, on an embedded database directory: two commands in their own
// process (as `npm run trellis -- ...` does), the rest through the same entry point in-process (faster).
const serverDir = fileURLToPath(new URL('..', import.meta.url));
let dir: string;
const saved = { dir: process.env.TRELLIS_DATA_DIR, url: process.env.DATABASE_URL };

function spawnCli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['tsx', 'src/cli.ts', ...args],
      {
        cwd: serverDir,
        env: { ...process.env, TRELLIS_DATA_DIR: dir, DATABASE_URL: '' },
      },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

async function runCli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = vi.spyOn(console, 'log').mockImplementation(() => {});
  const err = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const code = await run(['node', 'cli.ts', ...args]);
    const text = (spy: typeof out) => spy.mock.calls.map((c) => c.join(' ')).join('\n');
    return { code, out: text(out), err: text(err) };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

beforeAll(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'trellis-cli-')), 'db');
  process.env.TRELLIS_DATA_DIR = dir;
  delete process.env.DATABASE_URL;
});
afterAll(async () => {
  process.env.TRELLIS_DATA_DIR = saved.dir;
  if (saved.url !== undefined) process.env.DATABASE_URL = saved.url;
  if (!saved.dir) delete process.env.TRELLIS_DATA_DIR;
  await rm(join(dir, '..'), { recursive: true, force: true });
});

describe('trellis CLI', () => {
  it('creates an account, a user and a token that then work against the API', async () => {
    const account = await spawnCli('create-account', '--name', 'Acme Vendor', '--type', 'vendor');
    expect(account.code, account.err).toBe(0);
    const accountId = /(VA-\d{3}-\d{3})/.exec(account.out)![1];

    const user = await runCli(
      'create-user',
      '--email',
      'ann@acme.test',
      '--name',
      'Ann Admin',
      '--password',
      'Acme-pass-1',
      '--account',
      accountId,
    );
    expect(user.code, user.err).toBe(0);
    expect(user.out).toContain('group Admins');
    const again = await runCli(
      'create-user',
      '--email',
      'ANN@acme.test',
      '--name',
      'Ann',
      '--password',
      'Acme-pass-1',
      '--account',
      accountId,
    );
    expect(again.code).toBe(1);
    expect(again.err).toContain('already exists');

    const token = await spawnCli('create-token', '--account', accountId, '--name', 'ci', '--modules', 'MD-0001');
    expect(token.code, token.err).toBe(0);
    const apiKey = /^ApiKey (SU-\S+:\S+)$/m.exec(token.out)![1];

    // The server on the same database directory (the CLI has closed it).
    const { app, db } = await startServer(testConfig({ dataDir: dir }));
    try {
      const ctx = await app.inject({
        method: 'GET',
        url: '/public/v1/auth/context',
        headers: { authorization: `ApiKey ${apiKey}` },
      });
      expect(ctx.statusCode).toBe(200);
      expect(ctx.json()).toMatchObject({ account: { id: accountId, name: 'Acme Vendor' }, permissions: ['MD-0001'] });
      const login = await app.inject({
        method: 'POST',
        url: '/public/v1/auth/login',
        payload: { email: 'ann@acme.test', password: 'Acme-pass-1' },
      });
      expect(login.statusCode).toBe(201);
      expect(login.json().account.id).toBe(accountId);
      // Both creations are in the account's audit trail.
      const audit = await app.inject({
        method: 'GET',
        url: '/public/v1/audit/records?ordering(events.created.at)',
        headers: { authorization: `ApiKey ${apiKey}` },
      });
      expect(audit.json().map((r: any) => r.object.type)).toEqual(['account', 'user', 'token']);
      await queueMail(db, { to: 'ann@acme.test', subject: 'Your code', text: 'Code: 123456' });
    } finally {
      await app.close();
    }

    const mail = await runCli('mail', '--to', 'ANN@acme.test', '--limit', '5');
    expect(mail.code).toBe(0);
    expect(mail.out).toContain('Subject: Your code');
    expect(mail.out).toContain('Code: 123456');

    const seed = await runCli('seed', '--demo');
    expect(seed.code).toBe(1);
    expect(seed.err).toContain('only seeded into an empty database');
  }, 120_000); // separate processes each start Node, tsx and the embedded database

  it('refuses bad options with a message naming them', async () => {
    const type = await runCli('create-account', '--name', 'Acme Two', '--type', 'reseller');
    expect(type.code).toBe(1);
    expect(type.err).toContain('--type: must be vendor or provider');
    const modules = await runCli('create-token', '--account', 'VA-000-000', '--name', 'x', '--modules', 'MD-9999');
    expect(modules.err).toContain('--modules: unknown module MD-9999');
    const account = await runCli('create-token', '--account', 'VA-000-000', '--name', 'x');
    expect(account.err).toContain('No account VA-000-000');
    expect((await runCli('migrate')).out).toContain('up to date');
  });
});
