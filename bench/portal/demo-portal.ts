import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright';
import { configFromEnv } from '../../packages/server/src/config.ts';
import { startServer } from '../../packages/server/src/server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The real server with the demo data (a throwaway data directory) serving the production portal build on `port`, and
 * a headless Chromium, for one measurement; both are stopped and the data removed after `fn`.
 */
export async function withDemoPortal<T>(port: number, fn: (p: { base: string; browser: Browser }) => Promise<T>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'trellis-portal-bench-'));
  const config = configFromEnv(
    {},
    { port, host: '127.0.0.1', dataDir, logLevel: 'warn', publicUrl: `http://127.0.0.1:${port}` },
  );
  const { app } = await startServer(config, { demo: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    await app.listen({ host: config.host, port });
    return await fn({ base: `http://127.0.0.1:${port}`, browser });
  } finally {
    await browser.close();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
