import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface E2EServer {
  baseURL: string;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const tail = (file: string, lines = 40) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

/**
 * Runs `trellis serve --demo` (the command `npm start` runs) as its own process on a free port, with a
 * fresh embedded database in a temp folder, and waits until it serves the portal.
 */
export async function startE2EServer(
  root: string,
  { timeoutMs = 90_000, smtpUrl, databaseUrl }: { timeoutMs?: number; smtpUrl?: string; databaseUrl?: string } = {},
): Promise<E2EServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'trellis-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseURL,
    TRELLIS_DATA_DIR: join(dataDir, 'db'),
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    // domain verification asks a closed port on loopback, never the machine's resolvers
    DNS_RESOLVER: '127.0.0.1:9',
    // webhooks may call the journeys' receivers on loopback (plain http)
    WEBHOOK_ALLOW_PRIVATE: 'true',
  };
  // The embedded database, no outside services: whatever the developer's shell has configured.
  for (const k of [
    'DATABASE_URL',
    'SMTP_URL',
    'RECAPTCHA_SECRET',
    'RECAPTCHA_SITE_KEY',
    'TRELLIS_PORTAL_DIR',
    'INIT_CWD',
    'TRUST_PROXY',
  ])
    delete env[k];
  // E-mail goes to the test's sink at once (invitations, password links).
  if (smtpUrl)
    Object.assign(env, { SMTP_URL: smtpUrl, MAIL_INTERVAL_MS: '200', MAIL_FROM: 'Trellis <no-reply@trellis.test>' });
  // A fresh PostgreSQL database instead of the embedded one (support/database.ts): specs can then open it too.
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  // node --import tsx (not the tsx binary, which forks): the PID we hold is the server itself.
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/cli.ts', 'serve', '--demo'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  let exited: string | null = null;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `exit ${code ?? signal}`;
      resolve();
    }),
  );

  const stop = async () => {
    if (!exited && child.pid) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (!exited) child.kill('SIGKILL');
      }, 10_000);
      await gone;
      clearTimeout(timer);
    }
    log.end();
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      const text = tail(logFile);
      await stop();
      throw new Error(`The e2e server stopped while starting (${exited}). Its log:\n${text}`);
    }
    try {
      const res = await fetch(`${baseURL}/login`, { headers: { accept: 'text/html' } });
      const html = await res.text();
      if (res.ok && html.includes('/assets/')) break;
      if (res.ok && html.includes('not been built')) {
        await stop();
        throw new Error('The server started but found no portal build (packages/portal/dist).');
      }
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('The server started')) throw err;
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      const text = tail(logFile);
      await stop();
      throw new Error(`The e2e server did not answer at ${baseURL} within ${timeoutMs / 1000} s. Its log:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseURL, dataDir, logFile, stop };
}
