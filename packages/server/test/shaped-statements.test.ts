import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runShaped, runSlotted } from '../src/resources/shaped-statements.ts';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { API } from './fulfillment-requests-helpers.ts';

// GET …/{id} and a list's page and total send statements kept per shape (resources/shaped-statements.ts) from their
// second call on: each call must still find its own objects with its own caller's scope.

let w: FulfillmentWorld;
let ids: string[];
beforeAll(async () => {
  w = await fulfillmentWorld();
  ids = (await Promise.all([w.purchase(), w.purchase(), w.purchase()])).map((r) => r.id as string);
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

const get = (who: FulfillmentWorld['vendor'], id: string) =>
  w.t.call(who, { method: 'GET', url: `${API}/requests/${id}` });

describe('statements kept per shape', () => {
  it('answer each call with its own object and its own caller’s scope', async () => {
    for (let round = 0; round < 2; round++)
      for (const id of ids)
        for (const who of [w.vendor, w.provider]) {
          const res = await get(who, id);
          expect(res.statusCode).toBe(200);
          expect(res.json().id).toBe(id);
        }
    // after the vendor's and the provider's shapes are kept: a third account's call is still scoped to it
    for (const id of ids) expect((await get(w.other, id)).statusCode).toBe(404);
    expect((await get(w.vendor, 'PR-0000-0000-0000-000')).statusCode).toBe(404);
  });

  it('a statement with parameters of its own is built every call, never sent with another call’s', async () => {
    const owner = {};
    const run = (id: string, label: string) =>
      runShaped<{ id: string; label: string }>(
        owner,
        'labelled',
        [id],
        () => sql`select id, ${label}::text as label from asset_requests where id = ${id}`,
        w.t.db,
      );
    expect((await run(ids[0], 'first')).rows).toEqual([{ id: ids[0], label: 'first' }]);
    expect((await run(ids[1], 'second')).rows).toEqual([{ id: ids[1], label: 'second' }]);
    const plain = (id: string) =>
      runShaped<{ id: string }>(
        owner,
        'plain',
        [id],
        () => sql`select id from asset_requests where id = ${id}`,
        w.t.db,
      );
    expect((await plain(ids[0])).rows).toEqual([{ id: ids[0] }]);
    expect((await plain(ids[2])).rows).toEqual([{ id: ids[2] }]);
  });

  it('a list sent again, by the same party or another of its side, answers with that caller’s rows and total', async () => {
    const url = `${API}/requests?eq(type,purchase)&ordering(-created)&limit=2`;
    for (let round = 0; round < 2; round++) {
      const mine = await w.t.call(w.vendor, { method: 'GET', url });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toHaveLength(2);
      expect(mine.headers['content-range']).toMatch(/^items 0-1\/[3-9]\d*$/);
      const theirs = await w.t.call(w.other, { method: 'GET', url });
      expect(theirs.json()).toEqual([]);
      expect(theirs.headers['content-range']).toBe('items 0-0/0');
    }
  });

  it('a kept statement puts in the caller’s value where the first call’s stood in, nowhere else', async () => {
    const owner = {};
    // the shape fixes `named`; the first caller's value equals it, as a filter on the caller's own id would
    const run = (value: string, named: string) =>
      runSlotted<{ mine: string; named: string }>(
        owner,
        `named ${named}`,
        value,
        (v) => sql`select ${v}::text as mine, ${named}::text as named`,
        w.t.db,
      );
    expect((await run('VA-1', 'VA-1')).rows).toEqual([{ mine: 'VA-1', named: 'VA-1' }]);
    expect((await run('VA-2', 'VA-1')).rows).toEqual([{ mine: 'VA-2', named: 'VA-1' }]);
  });
});
