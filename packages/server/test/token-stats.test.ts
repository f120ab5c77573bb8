import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenCallCounter, flushTokenCalls } from '../src/modules/identity/tokens/stats.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

// Token statistics (spec §7; reference statistics.AccountTokenAggregates / AccountTokenSummary): calls made with a
// real token are counted in memory, flushed in batches with adding upserts, then aggregated per day and summarised.

const API = '/public/v1';
let t: TestApp;
let vera: Session;
beforeAll(async () => {
  t = await testApp();
  vera = await t.login('vendor@demo.trellis');
});
afterAll(async () => {
  await t?.close();
});

async function token(name: string, permissions = [{ id: 'MD-0001' }]) {
  const res = await t.call(vera, { method: 'POST', url: `${API}/auth/tokens`, payload: { name, permissions } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, key: res.json().token as string };
}
const today = () => new Date().toISOString().slice(0, 10);

/** The reference's schemas of both answers (an aggregates answer is a list of them, one per day). */
const schemas = JSON.parse(
  JSON.stringify(
    JSON.parse(readFileSync(new URL('./conformance/reference.json', import.meta.url), 'utf8')).schemas,
  ).replaceAll('#/components/schemas/', '#/$defs/'),
);
const ajv = new Ajv({ strict: false, validateFormats: false });
const schemaOf = (name: string) => ajv.compile({ ...schemas[name], $defs: schemas });

describe('token statistics', () => {
  it('counts calls by status without writing on the request path, then flushes, aggregates and summarises', async () => {
    const tk = await token('Stats key');
    for (let i = 0; i < 3; i++)
      expect((await t.call(tk.key, { method: 'GET', url: `${API}/auth/context` })).statusCode).toBe(200);
    expect((await t.call(tk.key, { method: 'GET', url: `${API}/products` })).statusCode).toBe(403);
    expect((await t.call(tk.key, { method: 'GET', url: `${API}/accounts/nowhere` })).statusCode).toBe(404);

    // nothing is written until the counter flushes
    const before = await t.db.selectFrom('token_calls').selectAll().where('token_id', '=', tk.id).execute();
    expect(before).toEqual([]);
    await flushTokenCalls(t.db);

    const aggregates = await t.call(vera, { method: 'GET', url: `${API}/statistics/tokens/${tk.id}/aggregates` });
    expect(aggregates.statusCode, aggregates.body).toBe(200);
    expect(aggregates.json()).toEqual([
      {
        date: today(),
        statuses: [
          { code: '200', count: 3 },
          { code: '403', count: 1 },
          { code: '404', count: 1 },
        ],
      },
    ]);
    const aggregate = schemaOf('statistics.AccountTokenAggregates');
    for (const day of aggregates.json()) expect(aggregate(day), JSON.stringify(aggregate.errors)).toBe(true);
    const hourly = await t.call(vera, {
      method: 'GET',
      url: `${API}/statistics/tokens/${tk.id}/aggregates?granularity=hour`,
    });
    expect(hourly.json()[0].date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\+00:00$/);

    const summary = await t.call(vera, { method: 'GET', url: `${API}/statistics/tokens/${tk.id}/summary` });
    expect(summary.json()).toEqual({
      id: tk.id,
      statuses: [
        { code: '200', total: 3, since_last_reset: 3 },
        { code: '403', total: 1, since_last_reset: 1 },
        { code: '404', total: 1, since_last_reset: 1 },
      ],
      started_tracking_at: expect.any(String),
    });
    const summarySchema = schemaOf('statistics.AccountTokenSummary');
    expect(summarySchema(summary.json()), JSON.stringify(summarySchema.errors)).toBe(true);

    // a rotation resets `since_last_reset`, the totals stay
    const rotated = await t.call(vera, { method: 'POST', url: `${API}/auth/tokens/${tk.id}/rotate` });
    expect(rotated.statusCode).toBe(200);
    await t.call(rotated.json().token, { method: 'GET', url: `${API}/auth/context` });
    await flushTokenCalls(t.db);
    const after = (await t.call(vera, { method: 'GET', url: `${API}/statistics/tokens/${tk.id}/summary` })).json();
    expect(after.statuses[0]).toEqual({ code: '200', total: 4, since_last_reset: 1 });
  });

  it('writes on its timer, and keeps doing so after another app on the same database stops (the demo seed)', async () => {
    const t2 = await testApp({ tokenStatsFlushMs: 100 });
    try {
      const { buildApp } = await import('../src/http/app.ts');
      const seedLike = await buildApp(t2.db, t2.config);
      await seedLike.ready();
      await seedLike.close();
      const s = await t2.login('vendor@demo.trellis');
      const made = await t2.call(s, { method: 'POST', url: `${API}/auth/tokens`, payload: { name: 'Timer key' } });
      const key = made.json().token;
      await t2.call(key, { method: 'GET', url: `${API}/auth/context` });
      await expect
        .poll(
          async () =>
            (await t2.call(s, { method: 'GET', url: `${API}/statistics/tokens/${made.json().id}/summary` })).json()
              .statuses,
          {
            timeout: 10_000,
          },
        )
        .toEqual([{ code: '200', total: 1, since_last_reset: 1 }]);
    } finally {
      await t2.close();
    }
  });

  it('sums the counts of several processes (adding upserts)', async () => {
    const tk = await token('Busy key');
    // two server processes counting the same token in the same hour
    const a = new TokenCallCounter(t.db, 0);
    const b = new TokenCallCounter(t.db, 0);
    for (let i = 0; i < 5; i++) a.record(tk.id, t.demo.vendor.id, 200);
    for (let i = 0; i < 7; i++) b.record(tk.id, t.demo.vendor.id, 200);
    b.record(tk.id, t.demo.vendor.id, 500);
    await Promise.all([a.close(), b.close()]);
    const summary = (await t.call(vera, { method: 'GET', url: `${API}/statistics/tokens/${tk.id}/summary` })).json();
    expect(summary.statuses).toEqual([
      { code: '200', total: 12, since_last_reset: 12 },
      { code: '500', total: 1, since_last_reset: 1 },
    ]);
    const rows = await t.db.selectFrom('token_calls').selectAll().where('token_id', '=', tk.id).execute();
    expect(rows.map((r) => [r.code, Number(r.calls)]).sort()).toEqual([
      ['200', 12],
      ['500', 1],
    ]);
  });

  it('keeps the counts when a flush fails and writes them with the next one', async () => {
    const tk = await token('Patient key');
    const counter = new TokenCallCounter(t.db, 0);
    counter.record(tk.id, t.demo.vendor.id, 200);
    await sql`alter table token_call_totals rename to token_call_totals_away`.execute(t.db);
    await expect(counter.flush()).rejects.toThrow();
    await sql`alter table token_call_totals_away rename to token_call_totals`.execute(t.db);
    counter.record(tk.id, t.demo.vendor.id, 200);
    await counter.close();
    const summary = (await t.call(vera, { method: 'GET', url: `${API}/statistics/tokens/${tk.id}/summary` })).json();
    expect(summary.statuses).toEqual([{ code: '200', total: 2, since_last_reset: 2 }]);
  });

  it("is 404 for another account's token and needs the tokens module; bad periods are 400", async () => {
    const tk = await token('Private key');
    const olga = await t.login('other@demo.trellis');
    for (const part of ['aggregates', 'summary'])
      expect((await t.call(olga, { method: 'GET', url: `${API}/statistics/tokens/${tk.id}/${part}` })).statusCode).toBe(
        404,
      );
    // a token without the tokens module reads no statistics, not even its own
    expect((await t.call(tk.key, { method: 'GET', url: `${API}/statistics/tokens/${tk.id}/summary` })).statusCode).toBe(
      403,
    );
    const bad = await t.call(vera, {
      method: 'GET',
      url: `${API}/statistics/tokens/${tk.id}/aggregates?from=2024-05-01&to=2023-01-01`,
    });
    expect(bad.statusCode).toBe(400);
    const wide = await t.call(vera, {
      method: 'GET',
      url: `${API}/statistics/tokens/${tk.id}/aggregates?from=2020-01-01&to=2024-01-01`,
    });
    expect(wide.statusCode).toBe(400);
    // a token never used: empty statistics, no invented numbers
    expect((await t.call(vera, { method: 'GET', url: `${API}/statistics/tokens/${tk.id}/summary` })).json()).toEqual({
      id: tk.id,
      statuses: [],
    });
  });
});
