import { expect } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import type { Config } from '../src/config.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

/** A fresh app with the three demo tenants logged in: Demo Vendor, Demo Provider and Other Vendor. */
export async function openTenants(
  config: Partial<Config> = {},
): Promise<{ t: TestApp; vendor: Session; provider: Session; other: Session }> {
  const t = await testApp(config);
  const [vendor, provider, other] = await Promise.all([
    t.login('vendor@demo.trellis'),
    t.login('provider@demo.trellis'),
    t.login('other@demo.trellis'),
  ]);
  return { t, vendor, provider, other };
}

export const PRODUCTS = '/public/v1/products';

/** A draft product of Demo Vendor. */
export async function createProduct(t: TestApp, vendor: Session, name: string, extra: Record<string, unknown> = {}) {
  const res = await t.call(vendor, { method: 'POST', url: PRODUCTS, payload: { name, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Give Demo Provider sight of a product, as a listing does (DESIGN §13: tests before distribution link directly). */
export async function linkToProvider(t: TestApp, productId: string) {
  await t.db
    .insertInto('product_links')
    .values({ product_id: productId, account_id: t.demo.provider.id, kind: 'listing', ref_id: 'MP-00000' })
    .execute();
}

/** Build the next version of a product and run the build job. */
export async function buildVersion(t: TestApp, vendor: Session, productId: string) {
  const res = await t.call(vendor, { method: 'POST', url: `${PRODUCTS}/${productId}/versions`, payload: {} });
  expect(res.statusCode, res.body).toBe(201);
  await runDueJobs(t.db);
  return res.json();
}
