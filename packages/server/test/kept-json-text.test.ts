import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILL_JOB, KEPT_TEXT } from '../src/db/migrations/0047_kept_json_text.ts';
import { enqueue, runDueJobs } from '../src/jobs/queue.ts';
import { fillJsonText } from '../src/resources/json-text.ts';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { API } from './fulfillment-requests-helpers.ts';

// Requests and assets keep their JSON text beside `data` (migration 0047), which lists and gets send as it is. It
// must follow every write, and rows written before the migration (no text yet) must answer the same until the job
// has filled them.

let w: FulfillmentWorld;
beforeAll(async () => {
  w = await fulfillmentWorld();
  const placed = await Promise.all([w.purchase(), w.purchase(), w.purchase()]);
  await w.t.call(w.vendor, { method: 'POST', url: `${API}/requests/${placed[0].id}/approve`, payload: {} });
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

/** Rows of each kept table whose text is not their data's. */
async function stale() {
  const out: Record<string, number> = {};
  for (const table of KEPT_TEXT) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}
      where data_text is distinct from jsonb_strip_nulls(data)::text`.execute(w.t.db);
    out[table] = Number(rows[0].n);
  }
  return out;
}

const lists = async () =>
  Promise.all(
    [
      [w.vendor, '/requests?limit=1000'],
      [w.provider, '/requests?limit=1000'],
      [w.vendor, '/assets?limit=1000'],
      [w.provider, '/assets?limit=1000'],
    ].map(async ([who, url]) => {
      const res = await w.t.call(who as typeof w.vendor, { method: 'GET', url: `${API}${url as string}` });
      expect(res.statusCode).toBe(200);
      return res.body;
    }),
  );

describe('kept JSON text of requests and assets', () => {
  it('follows every write: the API’s and SQL typed by hand', async () => {
    expect(await stale()).toEqual({ asset_requests: 0, assets: 0 });
    await sql`update asset_requests set data = jsonb_set(data, '{note}', '"typed by hand: Grüße ✓"')`.execute(w.t.db);
    expect(await stale()).toEqual({ asset_requests: 0, assets: 0 });
    // sent as UTF-8, whatever characters the rows hold
    const res = await w.t.call(w.vendor, { method: 'GET', url: `${API}/requests?limit=2` });
    expect(res.json().map((r: { note: string }) => r.note)).toEqual([
      'typed by hand: Grüße ✓',
      'typed by hand: Grüße ✓',
    ]);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(res.headers['content-type']).toBe('application/json');
  });

  it('rows without it (written before the migration) answer the same, and the job fills them', async () => {
    const before = await lists();
    // as before migration 0047: the rows have no text
    for (const table of KEPT_TEXT) {
      await sql.raw(`alter table ${table} disable trigger ${table}_keep_json_text`).execute(w.t.db);
      await sql.raw(`update ${table} set data_text = null`).execute(w.t.db);
      await sql.raw(`alter table ${table} enable trigger ${table}_keep_json_text`).execute(w.t.db);
    }
    expect(await stale()).not.toEqual({ asset_requests: 0, assets: 0 });
    expect(await lists()).toEqual(before);

    for (const table of KEPT_TEXT) await enqueue(w.t.db, FILL_JOB, { table });
    await runDueJobs(w.t.db);
    expect(await stale()).toEqual({ asset_requests: 0, assets: 0 });
    expect(await lists()).toEqual(before);
    const { rows } = await sql<{ status: string }>`select status from jobs where kind = ${FILL_JOB}`.execute(w.t.db);
    expect(rows.map((r) => r.status)).toEqual(['done', 'done']);
  });

  it('a run goes on from where the last one stopped, and fills no row before it', async () => {
    await sql.raw(`alter table assets disable trigger assets_keep_json_text`).execute(w.t.db);
    await sql.raw(`update assets set data_text = null`).execute(w.t.db);
    await sql.raw(`alter table assets enable trigger assets_keep_json_text`).execute(w.t.db);
    const ids = (await sql<{ id: string }>`select id from assets order by id`.execute(w.t.db)).rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(1);
    await fillJsonText(w.t.db, { table: 'assets', after: ids[0] });
    const { rows } = await sql<{ id: string; filled: boolean }>`select id, data_text is not null as filled
      from assets order by id`.execute(w.t.db);
    expect(rows.map((r) => r.filled)).toEqual(ids.map((_, i) => i > 0));
    await fillJsonText(w.t.db, { table: 'assets' });
    expect(await stale()).toEqual({ asset_requests: 0, assets: 0 });
  });

  it('the job fills no other table', async () => {
    await expect(fillJsonText(w.t.db, { table: 'accounts' })).rejects.toThrow(/no kept text in table accounts/);
  });
});
