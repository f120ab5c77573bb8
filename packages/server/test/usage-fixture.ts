import { expect } from 'vitest';
import { UsageRecord, type UsageFile } from '@trellis/domain';
import type { Config } from '../src/config.ts';
import { newId } from '../src/resources/ids.ts';
import { RECORD_IN_COLUMNS } from '../src/modules/usage/records.ts';
import { contactInfo, fulfillmentProduct } from './fulfillment-fixture.ts';
import { ok } from './distribution-helpers.ts';
import { openTenants } from './tenants.ts';
import type { Session, TestApp } from './helpers.ts';

// Usage under a real contract: Demo Provider's marketplace served by two hubs, its distribution agreement signed by
// Demo Vendor (an active contract), a published product with a pay-per-use item listed there, and one active
// subscription per hub. Usage files are created through the API; their records are written the way the processing
// writes them (a row per record, `data` the UsageRecord as returned) and the file is set ready, so tests go on with
// submit / accept / reconcile through the API.

export interface UsageWorld {
  t: TestApp;
  vendor: Session;
  provider: Session;
  other: Session;
  product: any;
  /** The pay-per-use item (precision decimal(1)). */
  item: any;
  contract: any;
  marketplace: any;
  hubs: any[];
  /** Active subscriptions, the first served by hubs[0], the second by hubs[1]. */
  assets: any[];
}

/** `config`: settings of the app (a file store of its own: files-s3.test.ts). */
export async function usageWorld(config: Partial<Config> = {}): Promise<UsageWorld> {
  const { t, vendor, provider, other } = await openTenants(config);
  const hub = (name: string) =>
    ok(t, provider, 'POST', '/hubs', { name, description: 'Connect hub', instance_type: 'api', instance_id: name });
  const hubs = [await hub('North hub'), await hub('South hub')];
  const marketplace = await ok(t, provider, 'POST', '/marketplaces', {
    name: 'Usage Europe',
    description: 'Resellers',
    currency: 'EUR',
    zone: 'EU',
    countries: [{ id: 'DE' }],
    hubs: hubs.map((h, i) => ({ hub: { id: h.id }, external_id: `ext-${i + 1}` })),
  });
  const agreement = await ok(t, provider, 'POST', '/agreements', {
    type: 'distribution',
    title: 'Usage distribution',
    description: 'Terms',
    active: true,
    marketplace: { id: marketplace.id },
  });
  const enrolling = await ok(t, vendor, 'POST', `/agreements/${agreement.id}/contracts`, {});
  await ok(t, vendor, 'POST', `/contracts/${enrolling.id}/enroll`, {}, 200);
  const contract = await ok(t, provider, 'POST', `/contracts/${enrolling.id}/sign`, {}, 200);
  expect(contract.status).toBe('active');

  const { product, items } = await fulfillmentProduct(t, vendor, { name: 'Metered Mail' });
  const connections = [];
  for (const h of hubs)
    connections.push(
      await ok(t, vendor, 'POST', `/products/${product.id}/connections`, { hub: { id: h.id }, type: 'production' }),
    );
  const listing = await ok(t, vendor, 'POST', '/listing-requests', {
    type: 'new',
    product_id: product.id,
    marketplace_id: marketplace.id,
  });
  await ok(t, vendor, 'POST', `/listing-requests/${listing.id}/submit`, {});
  await ok(t, provider, 'POST', `/listing-requests/${listing.id}/deploy`, {});
  await ok(t, provider, 'POST', `/listing-requests/${listing.id}/complete`, {});

  const t1 = await ok(t, provider, 'POST', '/tier/accounts', {
    name: 'Metered Resellers',
    type: 'reseller',
    external_uid: 'usage-t1',
    contact_info: contactInfo('t1@metered.example'),
  });
  const customer = await ok(t, provider, 'POST', '/tier/accounts', {
    name: 'Metered Customer',
    type: 'customer',
    parent: { id: t1.id },
    external_uid: 'usage-c1',
    contact_info: contactInfo('it@metered.example'),
  });
  const assets = [];
  for (const [i, connection] of connections.entries()) {
    const r = await ok(t, provider, 'POST', '/requests', {
      type: 'purchase',
      asset: {
        product: { id: product.id },
        connection: { id: connection.id },
        external_uid: `usage-order-${i + 1}`,
        external_id: `UO-${i + 1}`,
        items: [{ id: items.seat.id, quantity: 1 }],
        params: [{ id: 'admin_email', value: 'admin@metered.example' }],
        tiers: { customer: { id: customer.id }, tier1: { id: t1.id } },
      },
      marketplace: { id: marketplace.id },
    });
    await ok(
      t,
      vendor,
      'PUT',
      `/requests/${r.id}`,
      { asset: { params: [{ id: 'activation_code', value: 'A-1' }] } },
      200,
    );
    await ok(t, vendor, 'POST', `/requests/${r.id}/approve`, { activation_tile: 'Done' }, 200);
    const asset = await ok(t, vendor, 'GET', `/assets/${r.asset.id}`);
    expect(asset).toMatchObject({ status: 'active', connection: { hub: { id: hubs[i].id } } });
    assets.push(asset);
  }
  return { t, vendor, provider, other, product, item: items.usage, contract, marketplace, hubs, assets };
}

/** One record to write: the subscription, the usage and optionally its own record id, category and day. */
export interface RecordSpec {
  asset: any;
  usage: number;
  record_id?: string;
  category?: string | null;
  /** Day of the file's month the usage starts (default 1). */
  day?: number;
}

/** Which file: its name and its month of 2026 (0 = January, the default). Aggregates sum per month. */
export interface FileOptions {
  name?: string;
  month?: number;
}

/** The period of a month of 2026. */
export const periodOf = (month = 0) => ({
  from: new Date(Date.UTC(2026, month, 1)).toISOString(),
  to: new Date(Date.UTC(2026, month + 1, 1)).toISOString(),
});

/** A draft usage file of Demo Vendor for a month of 2026 under the world's contract. */
export async function createUsageFile(w: UsageWorld, opts: FileOptions = {}): Promise<UsageFile> {
  return ok(w.t, w.vendor, 'POST', '/usage/files', {
    name: opts.name ?? 'Monthly usage',
    product: { id: w.product.id },
    contract: { id: w.contract.id },
    period: periodOf(opts.month),
  });
}

/**
 * A ready usage file with these records, written as the processing writes them: `valid` records in rows 2, 3, …,
 * each with its subscription's hub, and the file's stats and item totals.
 */
export async function readyUsageFile(w: UsageWorld, specs: RecordSpec[], opts: FileOptions = {}): Promise<UsageFile> {
  const f = await createUsageFile(w, opts);
  const month = opts.month ?? 0;
  const at = new Date().toISOString();
  const unit = w.item.unit?.unit ?? w.item.unit?.name ?? null;
  const records = specs.map((s, i) => {
    const start = new Date(Date.UTC(2026, month, s.day ?? 1)).toISOString();
    const end = new Date(Date.UTC(2026, month, (s.day ?? 1) + 1)).toISOString();
    return UsageRecord.parse({
      id: newId('UR', 4, 4),
      record_id: s.record_id ?? `rec-${i + 1}`,
      record_note: '',
      status: 'valid',
      row: i + 2,
      start_date: start,
      end_date: end,
      product_id: w.product.id,
      item_id: w.item.id,
      asset_id: s.asset.id,
      asset_external_id: s.asset.external_id ?? null,
      asset_external_uid: s.asset.external_uid ?? null,
      item: {
        id: w.item.id,
        local_id: w.item.local_id ?? null,
        name: w.item.name,
        mpn: w.item.mpn ?? null,
        unit,
        precision: w.item.precision,
        type: w.item.type,
      },
      asset: {
        id: s.asset.id,
        external_id: s.asset.external_id ?? null,
        external_uid: s.asset.external_uid ?? null,
      },
      usagefile: { id: f.id, name: f.name, schema: f.schema, currency: f.currency },
      hub: s.asset.connection.hub ? { id: s.asset.connection.hub.id } : null,
      category: s.category ?? null,
      tier: null,
      usage: s.usage,
      amount: null,
      multiplier: 1,
      external_billing_id: null,
      external_billing_note: null,
      closed_at: null,
      closed_by: null,
      created: at,
    });
  });
  if (records.length)
    await w.t.db
      .insertInto('usage_records')
      .values(
        records.map((r) => ({
          id: r.id,
          usage_file_id: f.id,
          vendor_id: f.vendor.id,
          provider_id: f.provider.id,
          product_id: r.product_id,
          asset_id: r.asset_id,
          asset_external_id: r.asset_external_id,
          asset_external_uid: r.asset_external_uid,
          item_id: r.item_id,
          hub_id: r.hub?.id ?? null,
          schema: f.schema,
          status: r.status,
          record_id: r.record_id,
          row: r.row,
          start_at: r.start_date,
          end_at: r.end_date,
          usage: String(r.usage),
          created_at: r.created,
          // lean, as the processing writes it: what the columns and the file hold is composed back (records.ts)
          data: JSON.stringify(
            Object.fromEntries(
              Object.entries(r).filter(([k]) => !(RECORD_IN_COLUMNS as readonly string[]).includes(k)),
            ),
          ),
        })),
      )
      .execute();
  const n = records.length;
  const total = records.reduce((sum, r) => sum + r.usage, 0);
  const ready: UsageFile = {
    ...f,
    status: 'ready',
    stats: { ...f.stats, uploaded: n, validated: n },
    records: { valid: n, invalid: 0, closed: 0 },
    progress: { done: n, total: n },
    items: n ? [{ id: w.item.id, name: w.item.name, mpn: w.item.mpn ?? null, unit, records: n, usage: total }] : [],
  };
  await w.t.db
    .updateTable('usage_files')
    .set({
      status: 'ready',
      data: JSON.stringify(ready),
      record_items: JSON.stringify(records.length ? { [w.item.id]: records[0].item } : {}),
    })
    .where('id', '=', f.id)
    .execute();
  return ready;
}

/** A file with these records, submitted by the vendor and accepted by the provider. */
export async function acceptedUsageFile(
  w: UsageWorld,
  specs: RecordSpec[],
  opts: FileOptions = {},
): Promise<UsageFile> {
  const f = await readyUsageFile(w, specs, opts);
  await ok(w.t, w.vendor, 'POST', `/usage/files/${f.id}/submit`, {}, 200);
  return ok(w.t, w.provider, 'POST', `/usage/files/${f.id}/accept`, {}, 200);
}
