import ExcelJS from 'exceljs';
import { test, expect } from '../fixtures.ts';
import { DEMO_USERS } from '../support/demo.ts';

// Journey: Demo Provider runs the subscriptions report in the portal, waits for it in the background and opens the
// XLSX it downloads; then it schedules the report with a cron expression, reads when it runs, and runs it now.

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
