import { PGlite } from '@electric-sql/pglite';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type RawBuilder,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRql, type RqlNode } from '@trellis/domain/rql/index';
import { TIMESTAMPTZ_FUNCTION } from '../src/db/migrations/0016_list_indexes.ts';
import { compileFilter, compileOrdering, compileSearch, QueryError, type QuerySpec } from '../src/resources/rql-sql.ts';

const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const ALL = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'ilike', 'in', 'out', 'null', 'range'] as const;

const spec: QuerySpec = {
  table: 't',
  fields: {
    id: { column: 'id', type: 'string', ops: ALL },
    status: { column: 'status', type: 'string', ops: ['eq', 'ne', 'in', 'out', 'null', 'like', 'ilike'] },
    created: { column: 'created_at', type: 'datetime', ops: ALL },
    qty: { column: 'qty', type: 'number', ops: ALL },
    name: { json: ['name'], type: 'string', ops: ALL },
    'product.id': { json: ['product', 'id'], type: 'string', ops: ['eq', 'in', 'out', 'null'] },
    price: { json: ['price'], type: 'number', ops: ALL },
    active: { json: ['active'], type: 'boolean', ops: ['eq', 'ne', 'null'] },
    'events.updated.at': { json: ['events', 'updated', 'at'], type: 'datetime', ops: ALL },
  },
  ordering: {
    id: { column: 'id' },
    qty: { column: 'qty' },
    created: { column: 'created_at' },
    name: { json: ['name'] },
  },
  search: [{ column: 'id' }, { json: ['name'] }],
};

let pg: PGlite;

beforeAll(async () => {
  pg = new PGlite();
  await pg.exec(TIMESTAMPTZ_FUNCTION);
  await pg.exec(`
    set timezone = 'UTC';
    create table items(id text, status text, created_at timestamptz, qty int, data jsonb);
    insert into items values
      ('a', 'pending',  '2020-01-01T00:00:00Z', 1,    '{"name":"Alpha","product":{"id":"PRD-1"},"price":10.5,"active":true,"events":{"updated":{"at":"2021-01-01T00:00:00+00:00"}}}'),
      ('b', 'approved', '2020-06-01T12:00:00Z', 5,    '{"name":"beta 100%_off","product":{"id":"PRD-2"},"price":20,"active":false,"events":{"updated":{"at":"2021-06-01T00:00:00+00:00"}}}'),
      ('c', 'failed',   '2021-01-01T00:00:00Z', 10,   '{"name":"Gamma\\\\x","product":{"id":"PRD-1"},"price":"n/a","active":"yes","events":{"updated":{"at":"garbage"}}}'),
      ('d', null,       null,                   null, '{"name":null,"product":{}}'),
      ('e', 'pending',  '2022-03-15T08:30:00+02:00', 7, '{"name":"O''Brien, (café) & co","price":7,"active":true}');
  `);
});

afterAll(async () => {
  await pg?.close();
});

async function run(where: RawBuilder<boolean>): Promise<string[]> {
  const c = sql`select id from items t where ${where} order by id`.compile(db);
  const r = await pg.query<{ id: string }>(c.sql, c.parameters as unknown[]);
  return r.rows.map((x) => x.id);
}

const ids = (rql: string) => run(compileFilter(parseRql(rql).filter!, spec));

describe('compileFilter against PGlite', () => {
  it.each([
    // string columns
    ['eq(status,pending)', ['a', 'e']],
    ['status=pending', ['a', 'e']],
    ['ne(status,pending)', ['b', 'c', 'd']],
    ['eq(status,null())', ['d']],
    ['ne(status,null())', ['a', 'b', 'c', 'e']],
    ['in(status,(pending,failed))', ['a', 'c', 'e']],
    ['in(status,pending,null())', ['a', 'd', 'e']],
    ['out(status,(pending,failed))', ['b', 'd']],
    ['out(status,(pending,null()))', ['b', 'c']],
    ['in(status,())', []],
    ['out(status,())', ['a', 'b', 'c', 'd', 'e']],
    ['null(status)', ['d']],
    ['null(status,true)', ['d']],
    ['null(status,false)', ['a', 'b', 'c', 'e']],
    ['like(status,pend*)', ['a', 'e']],
    ['like(status,PEND*)', []],
    ['ilike(status,PEND*)', ['a', 'e']],
    ['ilike(status,*a*e*)', ['b', 'c']],
    ['ilike(status,*PP*)', ['b']],
    ['ge(id,c)', ['c', 'd', 'e']],
    ['range(id,b,d)', ['b', 'c', 'd']],
    // numbers
    ['gt(qty,5)', ['c', 'e']],
    ['ge(qty,5)', ['b', 'c', 'e']],
    ['lt(qty,5)', ['a']],
    ['le(qty,5.0)', ['a', 'b']],
    ['eq(qty,1.5)', []],
    ['eq(qty,1)', ['a']],
    ['ne(qty,1)', ['b', 'c', 'd', 'e']],
    ['in(qty,(1,10))', ['a', 'c']],
    ['range(qty,5,10)', ['b', 'c', 'e']],
    ['like(qty,1*)', ['a', 'c']],
    ['gt(qty,-1e2)', ['a', 'b', 'c', 'e']],
    // datetimes
    ['gt(created,2020-06-01T12:00:00Z)', ['c', 'e']],
    ['ge(created,2020-06-01T12:00:00Z)', ['b', 'c', 'e']],
    ['lt(created,2020-06-01)', ['a']],
    ['eq(created,2022-03-15T06:30:00Z)', ['e']],
    ['eq(created,2022-03-15T08:30:00+02:00)', ['e']],
    ['range(created,2020-01-01,2021-01-01T00:00:00.000Z)', ['a', 'b', 'c']],
    ['null(created)', ['d']],
    // json strings
    ['eq(name,Alpha)', ['a']],
    ['eq(name,null())', ['d']],
    ['ilike(name,*BETA*)', ['b']],
    ['like(name,*100%25_off)', ['b']],
    ['like(name,*0%25*)', ['b']],
    ['like(name,*%5C*)', ['c']],
    ['eq(name,"O\'Brien, (café) & co")', ['e']],
    ['eq(name,O%27Brien%2C%20%28caf%C3%A9%29%20%26%20co)', ['e']],
    ['eq(product.id,PRD-1)', ['a', 'c']],
    ['product.id=in=(PRD-2,PRD-9)', ['b']],
    ['null(product.id)', ['d', 'e']],
    ['null(product.id,false)', ['a', 'b', 'c']],
    // json numbers (non-numbers in the data are NULL, never a cast error)
    ['gt(price,10)', ['a', 'b']],
    ['le(price,10.5)', ['a', 'e']],
    ['eq(price,20)', ['b']],
    ['in(price,(7,20))', ['b', 'e']],
    ['range(price,7,10.5)', ['a', 'e']],
    // json booleans
    ['eq(active,true)', ['a', 'e']],
    ['eq(active,false)', ['b']],
    ['ne(active,true)', ['b', 'c', 'd']],
    ['null(active)', ['d']],
    // json datetimes (garbage strings are NULL)
    ['gt(events.updated.at,2021-03-01)', ['b']],
    ['range(events.updated.at,2020-01-01,2022-01-01)', ['a', 'b']],
    // logic
    ['(status=pending|qty=5)', ['a', 'b', 'e']],
    ['status=pending&qty=7', ['e']],
    ['or(eq(id,a),and(eq(status,failed),gt(qty,1)))', ['a', 'c']],
    ['not(eq(status,pending))', ['b', 'c', 'd']],
    ['not(gt(qty,4))', ['a', 'd']],
    ['not(or(eq(id,a),eq(id,b)))', ['c', 'd', 'e']],
    ['and()', ['a', 'b', 'c', 'd', 'e']],
    ['or()', []],
  ])('%s', async (q, expected) => {
    expect(await ids(q)).toEqual(expected);
  });

  it('range with open bounds', async () => {
    expect(await run(compileFilter({ type: 'range', field: 'qty', from: null, to: '5' }, spec))).toEqual(['a', 'b']);
    expect(await run(compileFilter({ type: 'range', field: 'qty', from: '7', to: null }, spec))).toEqual(['c', 'e']);
    expect(await run(compileFilter({ type: 'range', field: 'qty', from: null, to: null }, spec))).toEqual([
      'a',
      'b',
      'c',
      'e',
    ]);
  });

  it('accepts the double-underscore spelling of a dotted field', async () => {
    expect(await ids('eq(product__id,PRD-1)')).toEqual(['a', 'c']);
    expect(() => compileFilter(parseRql('eq(product__nope,x)').filter!, spec)).toThrow(/'product__nope'/);
  });

  it('binds every value as a parameter', () => {
    const c =
      sql`select 1 from items t where ${compileFilter(parseRql("eq(name,'x%27 or 1=1 --')&in(qty,(1,2))&like(status,*a*)").filter!, spec)}`.compile(
        db,
      );
    expect(c.sql).not.toContain('or 1=1');
    // a string stored in data is matched by containment: the value travels inside a JSON parameter
    expect(c.parameters).toEqual([JSON.stringify({ name: "x' or 1=1 --" }), '1', '2', '%a%']);
  });
});

describe('lax fields: a path across arrays', () => {
  const laxSpec: QuerySpec = {
    table: 't',
    fields: {
      'params.id': { json: ['params', 'id'], type: 'string', ops: ALL, lax: true },
      'params.value': { json: ['params', 'value'], type: 'string', ops: ALL, lax: true },
      'stats.hubs': { json: ['stats', 'hubs'], type: 'number', ops: ALL, lax: true },
      tags: { json: ['tags'], type: 'string', ops: ALL, lax: true },
      'events.created.at': { json: ['events', 'created', 'at'], type: 'datetime', ops: ALL, lax: true },
      'product.name.icontains': {
        json: ['product', 'name'],
        type: 'string',
        ops: ['eq'],
        lax: true,
        lookup: 'icontains',
      },
      'pending.is_null': { json: ['pending'], type: 'string', ops: ['eq'], lax: true, lookup: 'is_null' },
    },
    ordering: {},
    search: [],
  };
  beforeAll(async () => {
    await pg.exec(`
      create table lax(id text, data jsonb);
      insert into lax values
        ('a', '{"params":[{"id":"color","value":"red"},{"id":"size","value":"L"}],"stats":{"hubs":2},"tags":["x","y"],"events":{"created":{"at":"2020-01-01T00:00:00+00:00"}},"product":{"name":"Cloud Backup"},"pending":{"id":"PR-1"}}'),
        ('b', '{"params":[{"id":"color","value":"blue"}],"stats":{"hubs":0},"tags":"x","events":{"created":{"at":"2021-01-01T00:00:00+00:00"}},"product":{"name":"Mail"}}'),
        ('c', '{"params":[],"product":{"name":"backup box"},"pending":null}');
    `);
  });
  const lax = async (rql: string) => {
    const c = sql`select id from lax t where ${compileFilter(parseRql(rql).filter!, laxSpec)} order by id`.compile(db);
    return (await pg.query<{ id: string }>(c.sql, c.parameters as unknown[])).rows.map((x) => x.id);
  };

  it.each([
    ['eq(params.id,size)', ['a']],
    ['eq(params.value,red)', ['a']],
    ['ne(params.id,size)', ['b', 'c']],
    ['in(params.value,(red,blue))', ['a', 'b']],
    ['out(params.value,(red))', ['b', 'c']],
    ['ilike(params.value,*LU*)', ['b']],
    ['null(params.id)', ['c']],
    ['eq(params.id,null())', ['c']],
    ['ne(params.id,null())', ['a', 'b']],
    ['gt(stats.hubs,1)', ['a']],
    ['eq(stats.hubs,0)', ['b']],
    ['eq(tags,y)', ['a']],
    ['eq(tags,x)', ['a', 'b']],
    ['ge(events.created.at,2020-06-01)', ['b']],
    ['eq(product__name__icontains,BACKUP)', ['a', 'c']],
    ['eq(pending__is_null,true)', ['b', 'c']],
    ['eq(pending__is_null,false)', ['a']],
  ])('%s', async (rql, expected) => {
    expect(await lax(rql)).toEqual(expected);
  });

  it('a path the declaration maps through a list: eq and in are containment (index-served), the rest lax', async () => {
    const declared: QuerySpec = {
      ...laxSpec,
      fields: { pv: { json: ['params', 'value'], type: 'string', ops: ALL, lax: true, arrays: [true, false] } },
    };
    const run = async (rql: string) => {
      const where = compileFilter(parseRql(rql).filter!, declared);
      const c = sql`select id from lax t where ${where} order by id`.compile(db);
      return {
        sql: c.sql,
        ids: (await pg.query<{ id: string }>(c.sql, c.parameters as unknown[])).rows.map((x) => x.id),
      };
    };
    expect(await run('eq(pv,red)')).toEqual({ sql: expect.stringContaining('@>'), ids: ['a'] });
    expect((await run('in(pv,(red,blue))')).ids).toEqual(['a', 'b']);
    expect((await run('ne(pv,red)')).ids).toEqual(['b', 'c']);
    expect((await run('ilike(pv,L)')).ids).toEqual(['a']);
  });

  it('a lax number or date is typed like any other', () => {
    expect(() => compileFilter(parseRql('gt(stats.hubs,many)').filter!, laxSpec)).toThrow(/expected a number/);
    expect(() => compileFilter(parseRql('eq(pending__is_null,maybe)').filter!, laxSpec)).toThrow(/true or false/);
  });
});

describe('injection attempts', () => {
  it.each([
    ["'; drop table items; --"],
    ["pending' or '1'='1"],
    ['pending" or "1"="1'],
    ['\\'],
    ['$1'],
    ['%'],
    ['\u202e\u0301漢字🙂'],
    ["x'); delete from items; select ('"],
  ])('eq(status, %j) returns no rows, no error', async (v) => {
    const node: RqlNode = { type: 'compare', op: 'eq', field: 'status', value: v };
    expect(await run(compileFilter(node, spec))).toEqual([]);
    expect(await run(compileFilter({ type: 'compare', op: 'eq', field: 'name', value: v }, spec))).toEqual([]);
    expect(await run(compileFilter({ type: 'list', op: 'in', field: 'status', values: [v, 'x'] }, spec))).toEqual([]);
    expect(await run(compileFilter({ type: 'compare', op: 'like', field: 'status', value: `*${v}*` }, spec))).toEqual(
      [],
    );
    const s = compileSearch(v, spec);
    expect(s && (await run(s))).toEqual(v === '%' ? ['b'] : v === '\\' ? ['c'] : []);
  });

  it('through the parser too', async () => {
    expect(await ids(`eq(status,"'; drop table items; --")`)).toEqual([]);
    expect(await ids(`status='pending%27 or 1=1--'`)).toEqual([]);
    expect(await ids(`status=pending%27%29%3B%20drop%20table%20items%3B--`)).toEqual([]);
  });

  it('NUL characters are a QueryError, not a database error', () => {
    expect(() => compileFilter({ type: 'compare', op: 'eq', field: 'status', value: 'a\u0000b' }, spec)).toThrow(
      QueryError,
    );
    expect(() => compileFilter({ type: 'compare', op: 'like', field: 'status', value: 'a\u0000b' }, spec)).toThrow(
      QueryError,
    );
    expect(() => compileSearch('a\u0000', spec)).toThrow(QueryError);
  });

  it('the table still exists with all rows', async () => {
    const r = await pg.query<{ n: number }>('select count(*)::int as n from items');
    expect(r.rows[0].n).toBe(5);
  });
});

describe('QueryError', () => {
  const err = (node: RqlNode) => {
    try {
      compileFilter(node, spec);
    } catch (e) {
      expect(e).toBeInstanceOf(QueryError);
      return (e as Error).message;
    }
    throw new Error('expected QueryError');
  };
  it('unknown field lists the allowed ones', () => {
    expect(err({ type: 'compare', op: 'eq', field: 'secret', value: 'x' })).toMatch(
      /^Unknown filter field 'secret' \(allowed: .*status/,
    );
    expect(err({ type: 'compare', op: 'eq', field: 'constructor', value: 'x' })).toMatch(
      /Unknown filter field 'constructor'/,
    );
    expect(err({ type: 'null', field: '__proto__', isNull: true })).toMatch(/Unknown filter field/);
    expect(err({ type: 'not', arg: { type: 'list', op: 'in', field: 'nope', values: [] } })).toMatch(
      /Unknown filter field 'nope'/,
    );
  });
  it('operator not allowed', () => {
    expect(err({ type: 'compare', op: 'gt', field: 'status', value: 'x' })).toMatch(
      /^Operator 'gt' is not allowed on field 'status'/,
    );
    expect(err({ type: 'range', field: 'status', from: 'a', to: 'b' })).toMatch(
      /Operator 'range' is not allowed on field 'status'/,
    );
    expect(err({ type: 'list', op: 'out', field: 'active', values: [] })).toMatch(/Operator 'out' is not allowed/);
    expect(compileFilter({ type: 'null', field: 'product.id', isNull: true }, spec)).toBeDefined();
  });
  it.each([
    ['qty', 'abc'],
    ['qty', '1,5'],
    ['qty', ''],
    ['qty', 'NaN'],
    ['qty', 'Infinity'],
    ['price', '0x10'],
    ['active', 'yes'],
    ['active', '1'],
    ['created', 'yesterday'],
    ['created', '2020-02-30'],
    ['created', '2020-13-01'],
    ['created', '2020-01-01T25:00:00Z'],
    ['created', '2020-01-01Z'],
    ['events.updated.at', '1577836800'],
  ])('bad %s value %j', (field, value) => {
    const op = field === 'active' ? 'eq' : 'ge';
    const m = err({ type: 'compare', op: op as 'eq', field, value });
    expect(m).toContain(`'${field}'`);
    expect(m).toContain(`'${value}'`);
  });
  it('bad values inside lists and ranges', () => {
    expect(err({ type: 'list', op: 'in', field: 'qty', values: ['1', 'x'] })).toMatch(/qty/);
    expect(err({ type: 'range', field: 'created', from: '2020-01-01', to: 'later' })).toMatch(/created/);
  });
  it('null() with an ordering comparison', () => {
    expect(err({ type: 'compare', op: 'gt', field: 'qty', value: null })).toMatch(/null/);
    expect(err({ type: 'compare', op: 'like', field: 'name', value: null })).toMatch(/null/);
  });
});

describe('compileSearch', () => {
  it('matches case-insensitive substrings on the search fields', async () => {
    expect(await run(compileSearch('ALPH', spec)!)).toEqual(['a']);
    expect(await run(compileSearch('a', spec)!)).toEqual(['a', 'b', 'c', 'e']);
    expect(await run(compileSearch('100%_', spec)!)).toEqual(['b']);
    expect(await run(compileSearch('_', spec)!)).toEqual(['b']);
    expect(await run(compileSearch('*', spec)!)).toEqual([]);
    expect(await run(compileSearch('CAFÉ', spec)!)).toEqual(['e']);
    expect(await run(compileSearch(parseRql('search=beta+100').search!, spec)!)).toEqual(['b']);
  });
  it('returns null for an empty term or no search fields', () => {
    expect(compileSearch('', spec)).toBeNull();
    expect(compileSearch('x', { ...spec, search: [] })).toBeNull();
  });
});

describe('compileOrdering', () => {
  const order = async (q: string) => {
    const parts = compileOrdering(parseRql(q).ordering, spec);
    const c = sql`select id from items t order by ${sql.join([...parts, sql`id asc`])}`.compile(db);
    return (await pg.query<{ id: string }>(c.sql, c.parameters as unknown[])).rows.map((r) => r.id);
  };
  it('orders by columns and json text', async () => {
    expect(await order('ordering(-id)')).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(await order('ordering(qty)')).toEqual(['a', 'b', 'e', 'c', 'd']);
    expect(await order('ordering(-qty)')).toEqual(['d', 'c', 'e', 'b', 'a']);
    expect(await order('ordering(-created,id)')).toEqual(['d', 'e', 'c', 'b', 'a']);
    expect(await order('ordering(name)')).toHaveLength(5);
  });
  it('produces expr ASC|DESC fragments', () => {
    const [a, b] = compileOrdering(
      [
        { field: 'name', desc: true },
        { field: 'qty', desc: false },
      ],
      spec,
    );
    expect(a.compile(db).sql).toBe(`("t"."data" #>> '{name}') desc`);
    expect(b.compile(db).sql).toBe(`"t"."qty" asc`);
  });
  it('unknown ordering field -> QueryError', () => {
    expect(() => compileOrdering([{ field: 'status', desc: false }], spec)).toThrow(QueryError);
    expect(() => compileOrdering([{ field: 'toString', desc: false }], spec)).toThrow(
      /Unknown ordering field 'toString'/,
    );
  });
});
