import { sql } from 'kysely';
import { stateOf, transitionMessage } from '@trellis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionHandler, columnMap, specOf, tableName } from '../../src/resources/engine.ts';
import { compileSearch } from '../../src/resources/rql-sql.ts';
import { COUNTED } from '../../src/db/migrations/0044_kept_counts.ts';
import { compactCounts } from '../../src/resources/kept-counts.ts';
import { BASE, openWorld, samplesOf, type Caller, type Sample, type World } from './world.ts';

// Every machine of the registry (DESIGN §6): each declared action is tried from each declared status of a sample
// object. From a status the action does not start from it is refused with a 400 naming both; from one it does, it is
// not refused for the status (it may still need a body or meet a guard) and never answers a 5xx; a pure transition
// (no handler, no body needed, no guard in the way) lands in the declared `to`. `from`, `to` and `by` come from the
// declarations, not from this file. The sample's row is put back after every try.

let w: World;
let samples: Sample[];
let all: Sample[];
beforeAll(async () => {
  w = await openWorld();
  all = await samplesOf(w);
  samples = all.filter((s) => Object.keys(s.res.decl.machine?.actions ?? {}).length > 0);
}, 180_000);
afterAll(async () => {
  await w?.close();
});

interface Row {
  [column: string]: unknown;
}

/** The sample's row: its composite key where the table has one, else its id column. */
function whereRow(s: Sample) {
  if (s.res.key) {
    const key = s.res.key(s.obj);
    const parts = Object.entries(key).map(([c, v]) => sql`${sql.ref(c)} = ${v as any}`);
    return { where: sql.join(parts, sql` and `), key: Object.keys(key) };
  }
  const idCol = s.res.idColumn ?? columnMap(s.res).id ?? 'id';
  return { where: sql`${sql.ref(idCol)} = ${s.id}`, key: [idCol] };
}

/** The row of a sample, to put back after each try (its JSON data and every column). */
async function saveRow(s: Sample): Promise<Row | null> {
  const { rows } = await sql<Row>`select * from ${sql.table(tableName(s.res))} where ${whereRow(s).where}`.execute(
    w.running.db,
  );
  return rows.length === 1 ? rows[0] : null;
}

async function restoreRow(s: Sample, row: Row) {
  const { where, key } = whereRow(s);
  const sets = Object.entries(row)
    // data_text is generated from data (migration 0047)
    .filter(([c]) => !key.includes(c) && c !== 'data_text')
    .map(([c, v]) => (c === 'data' ? sql`data = ${JSON.stringify(v)}::jsonb` : sql`${sql.ref(c)} = ${v as any}`));
  await sql`update ${sql.table(tableName(s.res))} set ${sql.join(sets)} where ${where}`.execute(w.running.db);
}

/** Put the sample in `status`: the status column (when there is one) and the object's own status field. */
async function forceStatus(s: Sample, status: string) {
  const field = s.res.decl.machine?.field ?? 'status';
  const col = columnMap(s.res)[field];
  const sets = [sql`data = jsonb_set(data, ${`{${field}}`}, ${JSON.stringify(status)}::jsonb)`];
  if (col) sets.push(sql`${sql.ref(col)} = ${status}`);
  await sql`update ${sql.table(tableName(s.res))} set ${sql.join(sets)} where ${whereRow(s).where}`.execute(
    w.running.db,
  );
}

/** Who may run an action on the sample: a side the declaration allows, that can see the object. */
function actor(s: Sample, by: readonly string[] | undefined): Caller | null {
  const sides = [s.owner, s.owner.side === 'vendor' ? w.provider : w.vendor];
  return sides.find((c) => !by || by.includes(c.side)) ?? null;
}

describe('state machines, derived from the declarations', () => {
  it('has machines to try (the check is not vacuous)', () => {
    expect(samples.length).toBeGreaterThan(5);
  });

  it('every action: refused (400, naming both) from the statuses it does not start from, and no 5xx from the others', async () => {
    const failures: string[] = [];
    let tries = 0;
    for (const s of samples) {
      const machine = s.res.decl.machine!;
      const saved = await saveRow(s);
      if (!saved) continue;
      for (const status of Object.keys(machine.statuses)) {
        for (const [name, a] of Object.entries(machine.actions)) {
          const who = actor(s, a.by);
          if (!who) continue;
          await forceStatus(s, status);
          const res = await w.call(who, { method: 'POST', url: `${BASE}${s.url}/${name}`, payload: {} });
          tries++;
          const where = `${s.res.decl.name} ${name} from ${status} as ${who.name}`;
          const body = res.body.slice(0, 160);
          if (res.statusCode === 404 || (res.statusCode === 403 && a.rule)) {
            // the other side does not see the object in this status (e.g. a vendor's draft), or the action's rule
            // admits another account (e.g. only a translation's owner; the owner's own sample tries it): nothing to say
          } else if (a.from && !a.from.includes(status)) {
            const ok = res.statusCode === 400 && res.json().errors?.[0] === transitionMessage(name, status);
            if (!ok) failures.push(`${where}: expected the transition refusal, got ${res.statusCode} ${body}`);
          } else if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${body}`);
          else if (res.statusCode === 400 && res.json().error_code === 'STATE_001')
            failures.push(`${where}: refused as a transition although declared: ${body}`);
          else if (
            a.to &&
            !actionHandler(s.res, name) &&
            !a.guard &&
            (!a.body || a.body.safeParse({}).success) &&
            (res.statusCode !== 200 || stateOf(machine, res.json()) !== a.to)
          )
            failures.push(`${where}: a pure transition should land in ${a.to}, got ${res.statusCode} ${body}`);
          await restoreRow(s, saved);
        }
      }
    }
    expect(tries).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    // every status of every sampled machine times every action: it grows with the registry
  }, 180_000);

  // the tries above changed statuses every way, through the actions and by hand (forceStatus, restoreRow)
  it('lists whose totals the database keeps (migration 0044) report the same totals as counting their rows', async () => {
    const counted = [
      ...new Map(all.filter((s) => s.res.side && COUNTED[tableName(s.res)]).map((s) => [s.res.decl.name, s])).values(),
    ];
    expect(counted.map((s) => s.res.decl.name)).toEqual(expect.arrayContaining(['request', 'asset']));
    const total = async (who: Caller, url: string) => {
      const res = await w.call(who, { method: 'GET', url: `${BASE}${url}` });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 160)}`).toBe(200);
      return Number(/\/(\d+)$/.exec(String(res.headers['content-range']))![1]);
    };
    const check = async () => {
      for (const s of counted) {
        const table = sql.table(tableName(s.res));
        for (const who of [w.vendor, w.provider, w.otherVendor]) {
          const column = sql.ref(s.res.side!({ account: { id: '', type: who.side } } as any).column);
          const me = await accountOf(who);
          const { rows } = await sql<{ status: string | null; product_id: string; n: string }>`
            select status, product_id, count(*) as n from ${table} where ${column} = ${me}
            group by grouping sets ((status), (product_id))`.execute(w.running.db);
          const sum = rows.filter((r) => r.status !== null).reduce((a, r) => a + Number(r.n), 0);
          expect(await total(who, `${s.collection}?limit=0`)).toBe(sum);
          for (const r of rows) {
            const filter = r.status !== null ? `eq(status,${r.status})` : `eq(${productField(s)},${r.product_id})`;
            expect(await total(who, `${s.collection}?${filter}&limit=1`), `${s.res.decl.name} ${filter}`).toBe(
              Number(r.n),
            );
          }
          const statuses = rows.filter((r) => r.status !== null);
          const two = statuses.slice(0, 2);
          expect(await total(who, `${s.collection}?in(status,(${two.map((r) => r.status).join(',')}))&limit=1`)).toBe(
            two.reduce((a, r) => a + Number(r.n), 0),
          );
          expect(await total(who, `${s.collection}?eq(status,no-such-status)&limit=1`)).toBe(0);
          // a search alone is counted in the table's narrow copy of the searched text (migration 0045)
          for (const term of [s.id, s.id.slice(0, 3), ' ', 'no such term']) {
            const { rows: n } = await sql<{ n: string }>`select count(*) as n from ${table} t
              where ${column} = ${me} and ${compileSearch(term, specOf(s.res))!}`.execute(w.running.db);
            const url = `${s.collection}?search=${encodeURIComponent(term)}&limit=1`;
            expect(await total(who, url), url).toBe(Number(n[0].n));
          }
        }
      }
    };
    await check();
    // folding each key's rows into one changes no total
    await compactCounts(w.running.db);
    const { rows } = await sql<{ n: string }>`select count(*) as n from kept_counts
      group by tbl, party, party_id, key, value having count(*) > 1`.execute(w.running.db);
    expect(rows).toEqual([]);
    await check();
  }, 120_000);
});

const productField = (s: Sample) => (s.res.decl.name === 'request' ? 'asset.product.id' : 'product.id');

const accountOf = async (who: Caller) =>
  (await w.call(who, { method: 'GET', url: `${BASE}/auth/context` })).json().account.id as string;
