import { accessSync, constants } from 'node:fs';

/** Chromium switches for a container without GPU, sandbox or network beyond the test server (DESIGN §11). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The system Chromium: CHROMIUM_PATH, else /usr/bin/chromium. Playwright's own browser download
 * (`npx playwright install`) is not used. Throws a message saying how to get one when it is missing.
 */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    throw new Error(
      `No Chromium at ${path}${process.env.CHROMIUM_PATH ? ' (CHROMIUM_PATH)' : ''}. The end-to-end tests run in the system ` +
        'Chromium: install it with `sudo apt-get install chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or ' +
        'Chrome executable.',
    );
  }
}
