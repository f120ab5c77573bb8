import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { RECONCILIATION_COLUMNS, USAGE_RECORD_COLUMNS } from '@trellis/domain';
import { runDueJobs } from '../../jobs/queue.ts';
import type { DB } from '../schema.ts';
import { demoUser } from './demo-api.ts';

type Row = Partial<Record<(typeof USAGE_RECORD_COLUMNS)[number], string | number | Date>>;

/** A usage spreadsheet as a vendor fills the template: the `records` sheet with the template's columns. */
async function workbook(rows: Row[]): Promise<Buffer> {
  return sheet('records', USAGE_RECORD_COLUMNS, rows);
}

async function sheet(name: string, columns: readonly string[], rows: object[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  ws.columns = columns.map((c) => ({ header: c, key: c }));
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const month = (y: number, m: number) => ({
  from: new Date(Date.UTC(y, m - 1, 1)).toISOString(),
  to: new Date(Date.UTC(y, m, 1)).toISOString(),
});

/**
 * Demo Vendor's usage of Secure Mail Suite's pay-per-use storage, reported to Demo Provider under their
 * distribution contract, one file in each status a user meets:
 * - August closed (billed);
 * - September accepted, split into chunks, with the provider's reconciliation (one record billed for less);
 * - October pending (waiting for the provider);
 * - November invalid, with its row-by-row report;
 * - a December draft.
 * Both dashboards count `usage_files`. Demo Provider keeps two usage rules for the storage item.
 */
export async function seedDemoUsage(app: FastifyInstance, db: Kysely<DB>, productId: string) {
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'usage');
  const provider = await demoUser(app, 'provider@demo.trellis', 'usage');
  const [contract] = await vendor.call('GET', '/contracts?eq(type,distribution)&eq(status,active)&limit=1');
  if (!contract) throw new Error('demo usage: no active distribution contract (seeded by demo-partners.ts)');
  const assets: { id: string; external_id: string | null }[] = await vendor.call(
    'GET',
    `/assets?eq(product.id,${productId})&eq(status,active)&ordering(id)`,
  );
  if (!assets.length) throw new Error('demo usage: no active Secure Mail Suite subscription (demo-fulfillment.ts)');

  /** Storage above the included 50 GB: one record per subscription and week of the month. */
  const storageRows = (period: { from: string }, factor: number): Row[] =>
    assets.flatMap((a, i) =>
      [0, 7, 14, 21].map((day, w) => {
        const start = new Date(Date.parse(period.from) + day * 86_400_000);
        return {
          record_id: `${a.id}-${start.toISOString().slice(0, 10)}`,
          item_search_criteria: 'item.mpn',
          item_search_value: 'SMS-GB',
          quantity: Math.round((12.5 + i * 7.3 + w * 1.1) * factor * 10) / 10,
          start_time_utc: start,
          end_time_utc: new Date(start.getTime() + 7 * 86_400_000 - 1000),
          asset_search_criteria: 'asset.id',
          asset_search_value: a.id,
        };
      }),
    );

  const file = async (name: string, period: { from: string; to: string }, rows?: Row[]) => {
    const f = await vendor.call('POST', '/usage/files', {
      name,
      product: { id: productId },
      contract: { id: contract.id },
      period,
      description: 'Mailbox storage above the included 50 GB, per GB and month.',
    });
    if (rows) {
      const body = await workbook(rows);
      await vendor.upload(`/usage/files/${f.id}/upload`, { field: 'usage_file', name: `${name}.xlsx`, body });
      await runDueJobs(db);
    }
    return f;
  };

  const aug = month(2026, 8);
  const closed = await file('Storage August 2026', aug, storageRows(aug, 1));
  await vendor.call('POST', `/usage/files/${closed.id}/submit`, {});
  await provider.call('POST', `/usage/files/${closed.id}/accept`, { acceptance_note: 'Matches our records.' });
  await provider.call('POST', `/usage/files/${closed.id}/close`, {});

  const sep = month(2026, 9);
  const septemberRows = storageRows(sep, 1.2);
  const accepted = await file('Storage September 2026', sep, septemberRows);
  await vendor.call('POST', `/usage/files/${accepted.id}/submit`, {});
  await provider.call('POST', `/usage/files/${accepted.id}/accept`, {});
  // the provider's own account of September: all but one record billed as reported, one billed for less
  const billed = septemberRows.map((r, i) => ({
    record_id: r.record_id,
    usage: i === 1 ? Number(r.quantity) - 2 : r.quantity,
    external_billing_id: `INV-2026-09-${String(i + 1).padStart(3, '0')}`,
  }));
  await provider.upload(`/usage/files/${accepted.id}/reconciliation`, {
    field: 'recon_file',
    name: 'billing-september-2026.xlsx',
    body: await sheet('reconciliation', RECONCILIATION_COLUMNS, billed),
  });
  await runDueJobs(db);

  const oct = month(2026, 10);
  const pending = await file('Storage October 2026', oct, storageRows(oct, 1.4));
  await vendor.call('POST', `/usage/files/${pending.id}/submit`, {});

  const nov = month(2026, 11);
  const good = storageRows(nov, 1.5);
  await file('Storage November 2026', nov, [
    good[0],
    good[1],
    // the mistakes a vendor makes: an unknown subscription, more decimals than the item's precision, a week of
    // October, a record id used twice
    { ...good[2], asset_search_value: 'AS-0000-0000-0000' },
    { ...good[3], quantity: 3.14159 },
    {
      ...good[0],
      record_id: `${String(good[0].record_id)}-late`,
      start_time_utc: new Date(Date.UTC(2026, 9, 28)),
      end_time_utc: new Date(Date.UTC(2026, 10, 3)),
    },
    { ...good[1], record_id: good[0].record_id },
  ]);

  await file('Storage December 2026', month(2026, 12));

  // Demo Provider's usage rules for the storage item, written after the files above so none of them was decided by
  // one: a record above 500 GB is always reviewed, and a month above 20 TB in all is refused
  const [storage]: { id: string }[] = await provider.call('GET', `/products/${productId}/items?eq(mpn,SMS-GB)&limit=1`);
  const rules = `/products/${productId}/usage/rules`;
  await provider.call('POST', rules, { item: { id: storage.id }, action: 'manual', rule: 'gt(usage,500)' });
  await provider.call('POST', rules, {
    item: { id: storage.id },
    action: 'reject',
    scope: 'file',
    rule: 'gt(usage,20000)',
  });
  await vendor.logout();
  await provider.logout();
}
