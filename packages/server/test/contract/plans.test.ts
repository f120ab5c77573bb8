import { parseRql, type FilterDecl } from '@trellis/domain';
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnMap, specOf, tableName, type Served } from '../../src/resources/engine.ts';
import { compileFilter } from '../../src/resources/rql-sql.ts';
import { BASE, openWorld, readableCollections, servedResources, type Caller, type World } from './world.ts';

// Every declared ordering and filter of every resource is served by an index (issue 11, defect 7), derived from the
// registry. What a plan still holds when the scans that read every row are priced out is what no index can do:
// - an ordering: each list is called through the API as each demo side and the page query the engine ran is planned
//   with sorts priced out; a Sort left in the plan means the tenant's every row is read and sorted for one page;
// - a filter (eq, in, and ge on numbers and dates): its condition is planned with only bitmap scans allowed; no
//   index condition on the field means each of the tenant's rows is visited to test it.
// Table size does not matter to either (bench/ measures the speed at 1M rows).

let w: World;
const captured: CompiledQuery[] = [];
beforeAll(async () => {
  w = await openWorld();
  const executor = w.running.db.getExecutor();
  const run = executor.executeQuery.bind(executor);
  executor.executeQuery = ((q: CompiledQuery) => {
    captured.push(q);
    return run(q);
  }) as typeof executor.executeQuery;
}, 180_000);
afterAll(async () => {
  await w?.close();
});

interface PlanNode {
  'Node Type': string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  'Presorted Key'?: string[];
  Plans?: PlanNode[];
}

/** The nodes of a query's plan with some planner methods switched off. */
async function plan(q: CompiledQuery, off: string[]): Promise<PlanNode[]> {
  return w.running.db.transaction().execute(async (trx) => {
    for (const method of off) await sql.raw(`set local enable_${method} = off`).execute(trx);
    const { rows } = await trx
      .getExecutor()
      .executeQuery<{ 'QUERY PLAN': unknown }>({ ...q, sql: `explain (format json) ${q.sql}` });
    const raw = rows[0]['QUERY PLAN'];
    const root = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const nodes: PlanNode[] = [];
    const walk = (n: PlanNode) => {
      nodes.push(n);
      n.Plans?.forEach(walk);
    };
    walk(root[0].Plan);
    return nodes;
  });
}

/** The page query of one list call, as the engine ran it. */
async function pageQuery(who: Caller, url: string): Promise<CompiledQuery> {
  captured.length = 0;
  const res = await w.call(who, { method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  // the stored object: `data`, or composed from the columns (Served.composed)
  const page = captured.find((q) => /^select [\s\S]+? as data\s+from /.test(q.sql));
  if (!page) throw new Error(`GET ${url} ran no page query`);
  return page;
}

/**
 * How the field shows in a plan's conditions: its column, its json path, or a containment on `data` (of the parent
 * that holds it, for a field filtered through its parent: Served.through).
 */
function markers(res: Served<any>, field: string): string[] {
  const through = specOf(res).fields[field]?.through?.target;
  if (through && 'column' in through) return [through.column];
  if (through) return [`{${through.json.join(',')}}`, '@>'];
  const column = columnMap(res)[field];
  if (column) return [column];
  return [`{${field.split('.').join(',')}}`, '@>'];
}

const VALUES = { string: 'x', number: '1', boolean: 'true', datetime: '2020-01-01' } as const;

describe('list plans, derived from the registry', () => {
  it('every declared ordering of every resource is read in order from an index, for each side', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const res of servedResources()) {
      for await (const { who, collection } of readableCollections(w, res, 1)) {
        // a parent the side lists but may not open (another member's accounts) has no list to plan
        if ((await w.call(who, { method: 'GET', url: `${BASE}${collection}?limit=1` })).statusCode !== 200) continue;
        for (const field of res.decl.ordering) {
          for (const term of [field, `-${field}`]) {
            const page = await pageQuery(who, `${BASE}${collection}?ordering(${term})&limit=10`);
            const sorts = (await plan(page, ['sort'])).filter(
              (n) =>
                n['Node Type'] === 'Sort' || (n['Node Type'] === 'Incremental Sort' && !n['Presorted Key']?.length),
            );
            checked++;
            if (sorts.length) failures.push(`${res.decl.name} ${who.side} ordering(${term}): sorts`);
          }
        }
      }
    }
    console.info(`list plans: ${checked} orderings checked, ${failures.length} sorted`);
    expect(checked).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 600_000);

  it('every declared filter of every resource is an index condition', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const res of servedResources()) {
      const table = sql.table(tableName(res));
      for (const [field, decl] of Object.entries(res.decl.filters as Record<string, FilterDecl>)) {
        for (const op of (['eq', 'in', 'ge'] as const).filter((o) => decl.ops.includes(o))) {
          if (op === 'ge' && decl.type !== 'number' && decl.type !== 'datetime') continue;
          const cond: RawBuilder<boolean> = compileFilter(
            parseRql(`${op}(${field},${VALUES[decl.type]})`).filter!,
            specOf(res),
          );
          const q = sql`select count(*) from ${table} t where ${cond}`.compile(w.running.db);
          const conds = (await plan(q, ['seqscan', 'indexscan', 'indexonlyscan']))
            .flatMap((n) => [n['Index Cond'], n['Recheck Cond']])
            .filter((c): c is string => Boolean(c));
          checked++;
          if (!conds.some((c) => markers(res, field).some((m) => c.includes(m))))
            failures.push(`${res.decl.name} ${op}(${field}): no index condition`);
        }
      }
    }
    console.info(`list plans: ${checked} filters checked, ${failures.length} not served by an index`);
    expect(checked).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);
});
