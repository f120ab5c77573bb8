import { defineConfig, devices, type ReporterDescription } from '@playwright/test';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium.ts';

const CI = !!process.env.CI;
// Fails here, before anything is built or started, when there is no Chromium.
const executablePath = chromiumPath();

// Playwright empties test-results/ (outputDir): machine-readable reports go where E2E_JSON_REPORT says.
const reporter: ReporterDescription[] = [[CI ? 'line' : 'list']];
// Relative to where the command runs (Playwright would take it relative to this folder).
if (process.env.E2E_JSON_REPORT) reporter.push(['json', { outputFile: resolve(process.env.E2E_JSON_REPORT) }]);

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  // One server for the run; specs log in as different users and do not depend on each other's data.
  fullyParallel: false,
  workers: 2,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  // journeys of a dozen pages: on a loaded 2-core machine a page can take seconds
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    // baseURL comes from the server global setup starts (fixtures.ts reads E2E_BASE_URL).
    // recorded on a failed journey's retry only: recording every run (DOM snapshots and a screencast of each action)
    // kept the browser's processes busy for nothing on every passing run
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 800 },
        launchOptions: { executablePath, args: CHROMIUM_ARGS },
      },
    },
  ],
});
