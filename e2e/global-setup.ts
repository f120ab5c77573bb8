import type { FullConfig } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error a plain ES module without type declarations
import { ensurePortalBuild } from '../scripts/ensure-portal-build.mjs';
import { createE2EDatabase } from './support/database.ts';
import { startMailSink } from './support/mailbox.ts';
import { startE2EServer } from './support/server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds the portal (always in CI, else when dist is stale), starts a real server with a fresh demo
 * database and its outgoing mail going to a local sink, and hands its address to the tests in E2E_BASE_URL
 * (the mail folder in E2E_MAIL_DIR). The returned function is the teardown.
 * With E2E_BASE_URL already set, the tests run against that server instead (nothing is built or started).
 */
export default async function globalSetup(_config: FullConfig) {
  if (process.env.E2E_BASE_URL) {
    console.log(`e2e: using the server at ${process.env.E2E_BASE_URL}`);
    return undefined;
  }
  // E2E_SKIP_BUILD=1: test the dist that is there (e.g. while the portal sources are mid-edit).
  if (!process.env.E2E_SKIP_BUILD)
    (ensurePortalBuild as (o: { force: boolean }) => boolean)({ force: !!process.env.CI });
  const started = Date.now();
  const mailDir = mkdtempSync(join(tmpdir(), 'trellis-e2e-mail-'));
  const mail = await startMailSink(mailDir);
  // E2E_PG_URL: the server runs on a throw-away PostgreSQL database the specs can open (support/database.ts).
  const database = process.env.E2E_PG_URL ? await createE2EDatabase(process.env.E2E_PG_URL) : null;
  let server;
  try {
    server = await startE2EServer(root, { smtpUrl: mail.url, databaseUrl: database?.url });
  } catch (err) {
    await mail.close();
    await database?.drop();
    throw err;
  }
  if (database) process.env.E2E_DATABASE_URL = database.url;
  console.log(
    `e2e: server at ${server.baseURL} (fresh database in ${server.dataDir}, ready in ${Date.now() - started} ms)`,
  );
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_SERVER_LOG = server.logFile;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    delete process.env.E2E_BASE_URL;
    await server.stop();
    await mail.close();
    if (database && !process.env.E2E_KEEP_DATA) await database.drop();
    delete process.env.E2E_DATABASE_URL;
    if (!process.env.E2E_KEEP_DATA) rmSync(mailDir, { recursive: true, force: true });
  };
}
