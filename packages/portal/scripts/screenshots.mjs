#!/usr/bin/env node
// Looks at the built portal in headless Chromium: logs in with a demo user and saves screenshots.
// Usage: PORTAL_URL=http://127.0.0.1:8080 node scripts/screenshots.mjs [outDir]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.env.PORTAL_URL ?? 'http://127.0.0.1:8080';
const out = process.argv[2] ?? '/tmp/portal-screenshots';
const email = process.env.PORTAL_EMAIL ?? 'multi@demo.trellis';
const password = process.env.PORTAL_PASSWORD ?? 'Trellis-demo-1';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
const problems = [];
page.on('console', (m) => {
  if (m.type() === 'error') problems.push(`console: ${m.text()}`);
});
page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
const shot = async (name) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`${out}/${name}.png  ${page.url()}`);
};

await page.goto(`${base}/login`);
await page.getByLabel('E-mail').waitFor();
await shot('01-login');
await page.getByLabel('E-mail').fill(email);
await page.getByLabel('Password').fill('wrong-password-1');
await page.getByRole('button', { name: 'Log in' }).click();
await page.getByRole('alert').waitFor();
await shot('02-login-error');
await page.getByLabel('Password').fill(password);
await page.getByRole('button', { name: 'Log in' }).click();
await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Welcome' }).waitFor();
await shot('03-dashboard');
await page.goto(`${base}/accounts`);
await page.getByRole('table').waitFor();
await page.waitForSelector('[data-testid="skeleton-row"]', { state: 'detached' });
await shot('04-accounts-list');
await page.getByRole('row').nth(1).click();
await page.waitForURL(/\/accounts\/[A-Z]+-/);
await page.waitForTimeout(600);
await shot('05-account-detail');
await page.goto(`${base}/settings/users/tokens`);
await page.waitForTimeout(1200);
await shot('06-settings-tokens');
const tokenRow = page.locator('tbody tr').filter({ hasText: 'SU-' }).first();
if (await tokenRow.count()) {
  await tokenRow.click();
  await page.waitForURL(/\/settings\/users\/tokens\/SU-/);
  await page.waitForTimeout(800);
  await shot('06b-token-detail');
  const deactivate = page.getByRole('button', { name: 'Deactivate' });
  if (await deactivate.count()) {
    await deactivate.click();
    await page.getByRole('button', { name: 'Activate' }).waitFor();
    await shot('06c-token-deactivated');
  }
}
await page.goto(`${base}/settings/users/directory`);
await page.waitForTimeout(1200);
await shot('07-settings-directory');
await page.goto(`${base}/accounts?state=${Buffer.from(JSON.stringify({ search: 'Demo' })).toString('base64url')}`);
await page.waitForTimeout(1200);
await shot('08-accounts-restored');
await page.goto(`${base}/accounts/VA-000-000`);
await page.waitForTimeout(1200);
await shot('09-not-found');
const switcher = page.getByRole('button', { name: 'Switch account' });
if (await switcher.count()) {
  const current = (await switcher.textContent()) ?? '';
  await switcher.click();
  await page.getByRole('menuitem').filter({ hasNotText: current }).first().click();
  await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Welcome' }).waitFor();
  await page.waitForTimeout(800);
  await shot('09b-switched-account');
}
await page.setViewportSize({ width: 800, height: 900 });
await page.goto(`${base}/`);
await page.waitForTimeout(1200);
await shot('10-dashboard-narrow');
await browser.close();
if (problems.length) {
  console.log('Problems seen in the browser:');
  for (const p of problems) console.log(`  ${p}`);
}
