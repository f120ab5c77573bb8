import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCHED } from '../src/db/migrations/0045_search_texts.ts';
import { ownFields, SHARED } from '../src/db/migrations/0046_search_shared_counts.ts';
import { assets as assetStore } from '../src/modules/fulfillment/asset-store.ts';
import { requestStore } from '../src/modules/fulfillment/request-store.ts';
import { specOf, tableName } from '../src/resources/engine.ts';
import { COMPACT_JOB, compactCounts } from '../src/resources/kept-counts.ts';
import { compileSearch } from '../src/resources/rql-sql.ts';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { API } from './fulfillment-requests-helpers.ts';
import type { Session } from './helpers.ts';

// Totals of request and asset lists come from counts the database keeps as rows are written (migration 0044), not
// from counting rows. They must stay exact under concurrent writers (on PostgreSQL, with TEST_DATABASE_URL), bulk
// statements, and the job that folds the appended rows while writers go on.

let w: FulfillmentWorld;
beforeAll(async () => {
  w = await fulfillmentWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

async function total(who: Session, url: string): Promise<number> {
  const res = await w.t.call(who, { method: 'GET', url: `${API}${url}` });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return Number(/\/(\d+)$/.exec(String(res.headers['content-range']))![1]);
}

/** Each list's total as the API reports it and as counting the rows gives it. */
async function totals() {
  const count = async (where: ReturnType<typeof sql<boolean>>) =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from asset_requests t where ${where}`.execute(w.t.db)).rows[0].n,
    );
  const out: Record<string, [number, number]> = {};
  for (const [name, who, column] of [
    ['vendor', w.vendor, 'vendor_id'],
    ['provider', w.provider, 'provider_id'],
  ] as const) {
    const me = (await w.t.call(who, { method: 'GET', url: `${API}/auth/context` })).json().account.id;
    const mine = sql<boolean>`${sql.ref(column)} = ${me}`;
    out[`${name} all`] = [await total(who, '/requests?limit=0'), await count(mine)];
    for (const status of ['draft', 'pending', 'inquiring', 'approved', 'failed'])
      out[`${name} ${status}`] = [
        await total(who, `/requests?eq(status,${status})&limit=1`),
        await count(sql<boolean>`${mine} and status = ${status}`),
      ];
    for (const term of ['Fabrikam', 'PR-', w.product.name, 'a'])
      out[`${name} search ${term}`] = [
        await total(who, `/requests?search=${encodeURIComponent(term)}&limit=1`),
        await count(sql<boolean>`${mine} and ${compileSearch(term, specOf(requestStore))!}`),
      ];
    out[`${name} product`] = [
      await total(who, `/requests?eq(asset.product.id,${w.product.id})&limit=1`),
      await count(sql<boolean>`${mine} and product_id = ${w.product.id}`),
    ];
    out[`${name} product, as asset__product__id`] = [
      await total(who, `/requests?eq(asset__product__id,${w.product.id})&limit=1`),
      await count(sql<boolean>`${mine} and product_id = ${w.product.id}`),
    ];
  }
  return out;
}

const agree = (t: Record<string, [number, number]>) =>
  Object.fromEntries(Object.entries(t).map(([k, [listed, counted]]) => [k, listed === counted ? 'same' : t[k]]));

describe('kept list totals', () => {
  it('copy the searched text of each table exactly as the engine searches it', () => {
    for (const res of [requestStore, assetStore])
      expect(SEARCHED[tableName(res)].fields, res.decl.name).toEqual(specOf(res).search);
    // split in two without losing or doubling a field: the row's own and the shared (0046)
    for (const [table, { fields }] of Object.entries(SEARCHED))
      expect([...ownFields(table), ...SHARED[table]].map((f) => JSON.stringify(f)).sort(), table).toEqual(
        fields.map((f) => JSON.stringify(f)).sort(),
      );
  });

  it('stay exact while requests are placed concurrently and the counts are folded meanwhile', async () => {
    const folding = Promise.all([1, 2, 3].map(() => compactCounts(w.t.db)));
    const placed = await Promise.all(Array.from({ length: 12 }, () => w.purchase()));
    await folding;
    expect(placed).toHaveLength(12);
    // and a fold of what they appended is queued, once, for the job runner
    const { rows: jobs } = await sql<{ n: string }>`select count(*) as n from jobs
      where kind = ${COMPACT_JOB} and status = 'queued' and run_at > now()`.execute(w.t.db);
    expect(Number(jobs[0].n)).toBe(1);
    const t = await totals();
    expect(t['provider all'][1]).toBeGreaterThanOrEqual(12);
    expect(agree(t)).toEqual(Object.fromEntries(Object.keys(t).map((k) => [k, 'same'])));
  });

  it('follow bulk statements, and a statement that changes no counted column appends nothing', async () => {
    const rowsBefore = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from kept_counts`.execute(w.t.db)).rows[0].n);
    const before = await rowsBefore();
    await sql`update asset_requests set updated_at = updated_at`.execute(w.t.db);
    expect(await rowsBefore()).toBe(before);
    await sql`update asset_requests set status = 'inquiring' where id in
      (select id from asset_requests order by id limit 5)`.execute(w.t.db);
    // the searched text follows a change of what is searched (a customer renamed) and a removal
    await sql`update asset_requests set data = jsonb_set(data, '{asset,tiers,customer,name}', '"Zyzzyva Ltd"')
      where id = (select min(id) from asset_requests)`.execute(w.t.db);
    expect(await total(w.vendor, '/requests?search=zyzzyva&limit=1')).toBe(1);
    const t = await totals();
    expect(t['vendor inquiring'][1]).toBe(5);
    expect(agree(t)).toEqual(Object.fromEntries(Object.keys(t).map((k) => [k, 'same'])));
  });

  it('are the same after folding, with one row per party, key and value', async () => {
    const before = await totals();
    await compactCounts(w.t.db);
    const { rows } = await sql<{ n: string }>`select count(*) as n from kept_counts
      group by tbl, party, party_id, key, value having count(*) > 1`.execute(w.t.db);
    expect(rows).toEqual([]);
    expect(await totals()).toEqual(before);
  });
});
