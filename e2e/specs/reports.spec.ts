import ExcelJS from 'exceljs';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXAMPLE_REPOSITORY_DIR, zipFolder } from '../../packages/server/src/modules/reporting/repositories/example.ts';
import { test, expect } from '../fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { DEMO_USERS } from '../support/demo.ts';

// Journeys: Demo Provider runs the subscriptions report in the portal, waits for it in the background and opens the
// XLSX it downloads; then it schedules the report with a cron expression, reads when it runs, and runs it now.
// And: it uploads its own report repository (the example one), sees it configured, and runs its template.

/** The example repository as a .zip, its repository and report named `… ${stamp}` (specs share one database). */
function exampleZip(stamp: string) {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-e2e-repository-'));
  try {
    cpSync(EXAMPLE_REPOSITORY_DIR, dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'reports.json'), 'utf8')) as {
      name: string;
      reports: { name: string }[];
    };
    manifest.name = `${manifest.name} ${stamp}`;
    manifest.reports[0].name = `${manifest.reports[0].name} ${stamp}`;
    writeFileSync(join(dir, 'reports.json'), JSON.stringify(manifest));
    return Buffer.from(zipFolder(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a provider runs the subscriptions report, opens the XLSX, and schedules it', async ({ page, loginAs }) => {
  const name = `Subscriptions e2e ${Date.now()}`;
  await loginAs(DEMO_USERS.provider);
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Run report' }).click();
  const run = page.getByRole('dialog', { name: 'Run report' });
  await run.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Subscriptions by status and product' }).click();
  await run.getByLabel('Name').fill(name);
  await run.getByRole('button', { name: 'Run', exact: true }).click();

  // The report's page follows it until its file is ready.
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
  const download = main.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const file = page.waitForEvent('download');
  await download.click();
  const saved = await file;
  expect(saved.suggestedFilename()).toBe(`${name}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await saved.path())!);
  const sheet = book.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe('Subscription ID');
  // Demo Provider's Secure Mail Suite subscriptions, one per row
  const ids = sheet.getColumn(1).values.slice(2) as string[];
  expect(ids.length).toBeGreaterThan(3);
  expect(ids.every((id) => /^AS-/.test(id))).toBe(true);

  // A schedule: weekdays at 06:00 UTC, by cron expression.
  await page.goto('/reports/schedules');
  await page.getByRole('button', { name: 'Add schedule' }).click();
  const add = page.getByRole('dialog', { name: 'Add schedule' });
  await add.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Subscriptions by status and product' }).click();
  await add.getByLabel('Name').fill(`${name} weekly`);
  await add.getByRole('combobox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: 'Cron expression' }).click();
  const cron = add.getByRole('textbox', { name: 'Cron expression' });
  await cron.fill('0 6 * *');
  await expect(add.getByText('Cron expression is not valid')).toBeVisible();
  await cron.fill('0 6 * * 1-5');
  await expect(add.getByRole('region', { name: 'Schedule summary' })).toContainText('Monday through Friday');
  await expect(add.getByRole('list', { name: 'Next runs' }).getByRole('listitem')).toHaveCount(5);
  await add.getByRole('button', { name: 'Add', exact: true }).click();

  await expect(main.getByRole('heading', { level: 1, name: `${name} weekly` })).toBeVisible();
  await main.getByRole('button', { name: 'Run now' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'is running' })).toBeVisible();
  await main.getByRole('tab', { name: 'Reports' }).click();
  await expect(
    main
      .getByRole('row')
      .filter({ hasText: `${name} weekly` })
      .first(),
  ).toBeVisible({ timeout: 20_000 });
});

test('a provider uploads its own report repository and runs its template', async ({ page, loginAs }) => {
  const stamp = `e2e ${Date.now()}`;
  const repository = `Example reports ${stamp}`;
  const template = `Subscriptions per marketplace ${stamp}`;
  await loginAs(DEMO_USERS.provider);
  await page.goto('/settings/reports/repositories');
  await page.getByRole('button', { name: 'Add repository' }).click();
  const add = page.getByRole('dialog', { name: 'Add repository' });
  await add.getByLabel('Repository archive (.zip)').setInputFiles({
    name: 'example-reports.zip',
    mimeType: 'application/zip',
    buffer: exampleZip(stamp),
  });
  await expect(add.getByText(/^example-reports\.zip \(/)).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await add.getByRole('button', { name: 'Upload' }).click();

  // Its page follows the configuration in the background until it is ready.
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: repository })).toBeVisible();
  await expect(main.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(main.getByRole('list', { name: 'Tags' })).toContainText('1.0.0');
  await main.getByRole('tab', { name: 'Templates' }).click();
  await expect(main.getByRole('row').filter({ hasText: template })).toContainText('Enabled');
  // (checked once the header's buttons, waiting while it was configuring, are enabled and settled)
  expect(await seriousViolations(page)).toEqual([]);

  // Its template runs from the Reports area like a built-in one.
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Run report' }).click();
  const run = page.getByRole('dialog', { name: 'Run report' });
  await run.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: template }).click();
  await run.getByLabel('Name').fill(`Marketplaces ${stamp}`);
  await run.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(main.getByRole('heading', { level: 1, name: `Marketplaces ${stamp}` })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 30_000 });
});
