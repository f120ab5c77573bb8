import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOf, type Served } from '../src/resources/engine.ts';
import { parseRql } from '@trellis/domain';
import { compileFilter, compileSearch } from '../src/resources/rql-sql.ts';
import { assets } from '../src/modules/fulfillment/asset-store.ts';
import { requestStore } from '../src/modules/fulfillment/request-store.ts';
import { usageRecords, usageRecordVisible } from '../src/modules/usage/records.ts';
import type { Ctx } from '../src/http/context.ts';
import { testApp, type TestApp } from './helpers.ts';

/**
 * (Every declared filter and ordering is checked against the indexes in contract/plans.test.ts.)
 * The indexes behind the largest lists (asset requests and assets) must stay usable by the SQL the engine builds:
 * an index on an expression serves only that exact expression. Sequential scans are switched off so the plan
 * shows whether an index can serve the condition at all, whatever the table's size (bench/ measures the speed).
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

async function scans(table: string, cond: RawBuilder<boolean>): Promise<string> {
  return t.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{
      'QUERY PLAN': string;
    }>`explain select count(*) from ${sql.table(table)} t where ${cond}`.execute(trx);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

const search = (res: Served<any>, term: string) => compileSearch(term, specOf(res))!;

describe('list plans', () => {
  it('search= on asset requests and assets uses their trigram index', async () => {
    expect(await scans('asset_requests', search(requestStore, 'Fabrikam GmbH'))).toMatch(
      /Bitmap Index Scan on asset_requests_search/,
    );
    expect(await scans('assets', search(assets, 'Fabrikam GmbH'))).toMatch(/Bitmap Index Scan on assets_search/);
  });

  it("a subscription's usage records, as a side lists them, come from the records' indexes", async () => {
    // a usage file holds up to a million records: listing one subscription's must not read the others
    const cond = (rql: string) => compileFilter(parseRql(rql).filter!, specOf(usageRecords));
    for (const side of ['VA-000-001', 'PA-000-001']) {
      const visible = usageRecordVisible({ account: { id: side } } as Ctx);
      for (const rql of ['eq(asset.id,AS-1000-2000-3000)', 'asset_id=AS-1000-2000-3000']) {
        const plan = await scans('usage_records', sql<boolean>`${visible} and ${cond(rql)}`);
        expect(plan, `${side} ${rql}`).toMatch(/Bitmap Index Scan on dx_usage_records_filters[\s\S]*asset_id/);
        expect(plan).not.toMatch(/Seq Scan on usage_records/);
      }
    }
    // its columns that btrees lead stay out of the GIN index (Served.leanFilterIndex), their btrees serve them
    expect(await scans('usage_records', cond('eq(row,12)'))).toMatch(/Index (Only )?Scan using dx_usage_records_o_row/);
    expect(await scans('usage_records', cond('eq(record_id,rec-1)'))).toMatch(
      /Bitmap Index Scan on dx_usage_records_filters[\s\S]*record_id/,
    );
  });

  it('refuses a search term holding the field separator', async () => {
    const res = await t.call(null, { method: 'GET', url: '/public/v1/requests?search=a%1Fb' });
    expect(res.statusCode).toBe(401);
    const vendor = await t.login('vendor@demo.trellis');
    const bad = await t.call(vendor, { method: 'GET', url: '/public/v1/requests?search=a%1Fb' });
    expect([bad.statusCode, bad.json().errors]).toEqual([
      400,
      ['Invalid search term: control character U+001F is not allowed.'],
    ]);
  });
});
