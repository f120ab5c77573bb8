import type { APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { test, expect } from '../fixtures.ts';
import { FulfillmentSubscriptionPage } from '../pages/FulfillmentSubscriptionPage.ts';
import { UsageFilePage, UsageFilesPage } from '../pages/UsagePages.ts';
import { apiAs, rqlValue } from '../support/api.ts';
import { DEMO_USERS, type DemoUser } from '../support/demo.ts';

// Journey: the demo vendor reports a month of Secure Mail Suite storage to Demo Provider — a new usage file, the
// product's template downloaded, filled and uploaded, processed and submitted; the provider accepts it and uploads
// its reconciliation, which matches every record; the subscription's Usage tab shows the month.

const PRODUCT = 'Secure Mail Suite';
// a month the demo reports nothing for (its usage runs from August 2026)
const FIRST = '2025-03-01';
const LAST = '2025-03-31';

const xlsx = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

test('a vendor reports usage from the template; the provider accepts and reconciles it; the subscription shows it', async ({
  page,
  playwright,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const request: APIRequestContext = await playwright.request.newContext({ baseURL });
  try {
    // the demo's active subscription of the product (the oldest: other journeys add and cancel their own)
    const vendorApi = await apiAs(request, DEMO_USERS.vendor.email);
    const [product] = await vendorApi.get<{ id: string }[]>('/products', `eq(name,${rqlValue(PRODUCT)})&limit=1`);
    const [asset] = await vendorApi.get<{ id: string }[]>(
      '/assets',
      `eq(product.id,${product.id})&eq(status,active)&ordering(created)&limit=1`,
    );
    expect(asset, `an active ${PRODUCT} subscription`).toBeDefined();
    // two weeks of extra storage: 14.5 GB in all
    const records = [10.5, 4].map((quantity, i) => ({
      record_id: `e2e-${stamp}-${i + 1}`,
      quantity,
      asset: asset.id,
      start: new Date(Date.UTC(2025, 2, 3 + i * 7)),
      end: new Date(Date.UTC(2025, 2, 10 + i * 7) - 1000),
    }));

    const signInAs = async (user: DemoUser) => {
      await page.context().clearCookies();
      await loginAs(user);
    };
    const files = new UsageFilesPage(page);
    const file = new UsageFilePage(page);

    // The vendor: a new file for March 2025.
    await signInAs(DEMO_USERS.vendor);
    await files.open();
    const fileId = await files.create({
      name: `E2E storage March 2025 ${stamp}`,
      product: PRODUCT,
      provider: DEMO_USERS.provider.account.name,
      // the demo partnership (other journeys sign more distribution contracts with Demo Provider)
      agreement: 'Demo Provider Europe distribution',
      first: FIRST,
      last: LAST,
    });
    await expect(
      page.getByText(
        `Usage file ${fileId} was created: upload its spreadsheet, filled in from the product's template.`,
      ),
    ).toBeVisible();
    await expect(file.status('Draft')).toBeVisible();

    // The template, filled in as a vendor does: one row per record in its `records` sheet, by the header's columns.
    const template = await file.downloadTemplate();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await template.path());
    const sheet = wb.getWorksheet('records')!;
    const columns = new Map<string, number>();
    sheet.getRow(1).eachCell((cell, col) => columns.set(String(cell.value), col));
    records.forEach((r, i) => {
      const row = sheet.getRow(i + 2);
      const set = (column: string, value: string | number | Date) => (row.getCell(columns.get(column)!).value = value);
      set('record_id', r.record_id);
      set('item_search_criteria', 'item.mpn');
      set('item_search_value', 'SMS-GB');
      set('quantity', r.quantity);
      set('start_time_utc', r.start);
      set('end_time_utc', r.end);
      set('asset_search_criteria', 'asset.id');
      set('asset_search_value', r.asset);
      row.commit();
    });
    await file.upload('storage-march-2025.xlsx', await xlsx(wb));
    // the page polls while the server processes the spreadsheet
    await expect(page.getByText(`${records.length} records are ready.`)).toBeVisible({ timeout: 20_000 });
    await expect(file.status('Ready')).toBeVisible();

    await file.action('Submit').click();
    const submit = page.getByRole('dialog', { name: 'Submit usage file' });
    await expect(submit).toContainText(`Submit ${fileId} with ${records.length} records to Demo Provider`);
    await submit.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Submitted: Demo Provider reviews the usage.')).toBeVisible();
    await expect(file.status('Pending')).toBeVisible();

    // The provider: accepts the file, then reconciles it with its own billing.
    await signInAs(DEMO_USERS.provider);
    await file.open(fileId);
    await file.action('Accept').click();
    const accept = page.getByRole('dialog', { name: 'Accept usage file' });
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText(`Accepted: ${fileId} is ready for billing.`)).toBeVisible();
    await expect(file.status('Accepted')).toBeVisible();

    await file.tab('Reconciliation');
    const billing = new ExcelJS.Workbook();
    const recon = billing.addWorksheet('reconciliation');
    recon.columns = ['record_id', 'usage', 'external_billing_id', 'external_billing_note'].map((c) => ({
      header: c,
      key: c,
    }));
    records.forEach((r, i) =>
      recon.addRow({
        record_id: r.record_id,
        usage: r.quantity,
        external_billing_id: `INV-E2E-${stamp}-${i + 1}`,
        external_billing_note: 'Billed as reported.',
      }),
    );
    await file.upload('billing-march-2025.xlsx', await xlsx(billing));
    const summary = page.getByRole('region', { name: 'Latest reconciliation' });
    await expect(summary.getByTestId('recon-matched')).toHaveText(/^Matched\s*2\s*same usage as the record$/, {
      timeout: 20_000,
    });
    await expect(summary.getByTestId('recon-mismatched')).toHaveText(/^Mismatched\s*0\s*another usage/);

    // The subscription: March 2025 on its Usage tab, as reported and accepted.
    const subscription = new FulfillmentSubscriptionPage(page);
    await subscription.open(asset.id);
    await subscription.openTab('Usage');
    const month = page.getByRole('table', { name: 'Usage aggregate' }).getByRole('row').filter({ hasText: 'Mar 2025' });
    await expect(month).toContainText('Extra storage');
    await expect(month.getByRole('cell', { name: '14.5', exact: true })).toHaveCount(2);
  } finally {
    await request.dispose();
  }
});
