import { describe, expect, it } from 'vitest';
import { parseRql, rql, RqlError, serializeRql, type RqlNode, type RqlQuery } from './index.ts';

const f = (q: string): RqlNode | null => parseRql(q).filter;
const cmp = (op: string, field: string, value: string | null): RqlNode =>
  ({ type: 'compare', op, field, value }) as RqlNode;
const empty: RqlQuery = { filter: null, select: null, ordering: [], limit: null, offset: null, search: null };

function expectRqlError(q: string, msg?: RegExp): void {
  let err: unknown;
  try {
    parseRql(q);
  } catch (e) {
    err = e;
  }
  expect(err, `expected RqlError for ${JSON.stringify(q.slice(0, 80))}`).toBeInstanceOf(RqlError);
  expect((err as Error).message).toMatch(/^Invalid RQL: .+/);
  if (msg) expect((err as Error).message).toMatch(msg);
}

describe('parseRql: operators as calls', () => {
  it.each(['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'ilike'])('%s(f,v)', (op) => {
    expect(f(`${op}(status,pending)`)).toEqual(cmp(op, 'status', 'pending'));
  });

  it('in / out with parenthesised list and flat list', () => {
    const inNode = { type: 'list', op: 'in', field: 'id', values: ['a', 'b'] };
    expect(f('in(id,(a,b))')).toEqual(inNode);
    expect(f('in(id,a,b)')).toEqual(inNode);
    expect(f('out(id,(a,b))')).toEqual({ ...inNode, op: 'out' });
    expect(f('out(id,a,b)')).toEqual({ ...inNode, op: 'out' });
    expect(f('in(id,())')).toEqual({ type: 'list', op: 'in', field: 'id', values: [] });
    expect(f('in(id,a)')).toEqual({ type: 'list', op: 'in', field: 'id', values: ['a'] });
    expect(f('in(id,(a,null(),empty()))')).toEqual({ type: 'list', op: 'in', field: 'id', values: ['a', null, ''] });
  });

  it('and / or / not', () => {
    expect(f('and(eq(a,1),eq(b,2))')).toEqual({ type: 'and', args: [cmp('eq', 'a', '1'), cmp('eq', 'b', '2')] });
    expect(f('or(eq(a,1),eq(b,2),c=3)')).toEqual({
      type: 'or',
      args: [cmp('eq', 'a', '1'), cmp('eq', 'b', '2'), cmp('eq', 'c', '3')],
    });
    expect(f('not(eq(a,1))')).toEqual({ type: 'not', arg: cmp('eq', 'a', '1') });
    expect(f('not(or(a=1,b=2))')).toEqual({
      type: 'not',
      arg: { type: 'or', args: [cmp('eq', 'a', '1'), cmp('eq', 'b', '2')] },
    });
    expect(f('or(a=1&b=2,c=3)')).toEqual({
      type: 'or',
      args: [{ type: 'and', args: [cmp('eq', 'a', '1'), cmp('eq', 'b', '2')] }, cmp('eq', 'c', '3')],
    });
    expect(f('and()')).toEqual({ type: 'and', args: [] });
  });

  it('null(f), null(f,true), null(f,false)', () => {
    expect(f('null(parent.id)')).toEqual({ type: 'null', field: 'parent.id', isNull: true });
    expect(f('null(a,true)')).toEqual({ type: 'null', field: 'a', isNull: true });
    expect(f('null(a,false)')).toEqual({ type: 'null', field: 'a', isNull: false });
    expect(f('null(a,false())')).toEqual({ type: 'null', field: 'a', isNull: false });
  });

  it('range(f,a,b)', () => {
    expect(f('range(qty,1,10)')).toEqual({ type: 'range', field: 'qty', from: '1', to: '10' });
    expect(f('range(events.created.at,2020-01-01,2020-12-31T23:59:59%2B00:00)')).toEqual({
      type: 'range',
      field: 'events.created.at',
      from: '2020-01-01',
      to: '2020-12-31T23:59:59+00:00',
    });
  });

  it('dotted field names', () => {
    expect(f('eq(events.created.by.id,UR-1)')).toEqual(cmp('eq', 'events.created.by.id', 'UR-1'));
    expect(f('marketplace.id=MP-91673')).toEqual(cmp('eq', 'marketplace.id', 'MP-91673'));
  });
});

describe('parseRql: FIQL forms', () => {
  it('f=v is eq', () => {
    expect(f('status=pending')).toEqual(cmp('eq', 'status', 'pending'));
  });
  it.each(['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'ilike'])('f=%s=v', (op) => {
    expect(f(`status=${op}=pending`)).toEqual(cmp(op, 'status', 'pending'));
  });
  it('f=in=(a,b) and f=out=(a,b)', () => {
    expect(f('id=in=(a,b)')).toEqual({ type: 'list', op: 'in', field: 'id', values: ['a', 'b'] });
    expect(f('id=out=(a,b)')).toEqual({ type: 'list', op: 'out', field: 'id', values: ['a', 'b'] });
    expect(f('id=in=a')).toEqual({ type: 'list', op: 'in', field: 'id', values: ['a'] });
  });
  it('value functions in FIQL', () => {
    expect(f('a=null()')).toEqual(cmp('eq', 'a', null));
    expect(f('a=ne=null()')).toEqual(cmp('ne', 'a', null));
    expect(f('a=empty()')).toEqual(cmp('eq', 'a', ''));
    expect(f('a=true()')).toEqual(cmp('eq', 'a', 'true'));
    expect(f('a=false()')).toEqual(cmp('eq', 'a', 'false'));
  });
  it('like patterns keep * as-is', () => {
    expect(f('name=like=*foo*')).toEqual(cmp('like', 'name', '*foo*'));
    expect(f('ilike(name,*Fo%25o_*)')).toEqual(cmp('ilike', 'name', '*Fo%o_*'));
  });
});

describe('parseRql: grouping and top-level joins', () => {
  const a = cmp('eq', 'a', '1');
  const b = cmp('eq', 'b', '2');
  const c = cmp('eq', 'c', '3');
  it('(a|b) is OR, (a&b) and (a,b) are AND', () => {
    expect(f('(a=1|b=2)')).toEqual({ type: 'or', args: [a, b] });
    expect(f('(a=1;b=2)')).toEqual({ type: 'or', args: [a, b] });
    expect(f('(a=1&b=2)')).toEqual({ type: 'and', args: [a, b] });
    expect(f('(a=1,b=2)')).toEqual({ type: 'and', args: [a, b] });
    expect(f('(a=1)')).toEqual(a);
    expect(f('((a=1))')).toEqual(a);
  });
  it('top-level &, | and , ', () => {
    expect(f('a=1&b=2')).toEqual({ type: 'and', args: [a, b] });
    expect(f('a=1,b=2')).toEqual({ type: 'and', args: [a, b] });
    expect(f('a=1|b=2')).toEqual({ type: 'or', args: [a, b] });
    // AND binds tighter than OR
    expect(f('a=1|b=2&c=3')).toEqual({ type: 'or', args: [a, { type: 'and', args: [b, c] }] });
    expect(f('(a=1|b=2)&c=3')).toEqual({ type: 'and', args: [{ type: 'or', args: [a, b] }, c] });
  });
  it('nested groups and calls', () => {
    expect(f('and((a=1|b=2),not(c=3))')).toEqual({
      type: 'and',
      args: [
        { type: 'or', args: [a, b] },
        { type: 'not', arg: c },
      ],
    });
  });
});

describe('parseRql: values, quoting, encoding', () => {
  it('quoted values may contain , ( ) & | literally', () => {
    expect(f('eq(name,"a,b (c) & d | e")')).toEqual(cmp('eq', 'name', 'a,b (c) & d | e'));
    expect(f("eq(name,'x=y;z')")).toEqual(cmp('eq', 'name', 'x=y;z'));
    expect(f(`eq(name,"it's")`)).toEqual(cmp('eq', 'name', "it's"));
    expect(f(`name='say "hi"'`)).toEqual(cmp('eq', 'name', 'say "hi"'));
    expect(f('in(id,("a,b",\'c)\'))')).toEqual({ type: 'list', op: 'in', field: 'id', values: ['a,b', 'c)'] });
    expect(f('eq(name,"")')).toEqual(cmp('eq', 'name', ''));
  });
  it('percent-encoded quotes quote (the Connect SDK sends "a b" through fetch as %22a%20b%22)', () => {
    expect(f('name=%22Demo%20Vendor%22')).toEqual(cmp('eq', 'name', 'Demo Vendor'));
    expect(f('ilike(name,%22*mail%20suite*%22)')).toEqual(cmp('ilike', 'name', '*mail suite*'));
    expect(f('in(name,(%27a%20b%27,c))')).toEqual({ type: 'list', op: 'in', field: 'name', values: ['a b', 'c'] });
    expect(f('eq(name,%22half)')).toEqual(cmp('eq', 'name', '"half'));
  });
  it('apostrophe inside an unquoted word is literal', () => {
    expect(f("eq(name,O'Brien)")).toEqual(cmp('eq', 'name', "O'Brien"));
  });
  it('percent-encoding is decoded per value after tokenizing', () => {
    expect(f('eq(name,hello%20world)')).toEqual(cmp('eq', 'name', 'hello world'));
    expect(f('eq(name,a%2Cb)')).toEqual(cmp('eq', 'name', 'a,b'));
    expect(f('eq(name,%28x%29)')).toEqual(cmp('eq', 'name', '(x)'));
    expect(f('eq(name,caf%C3%A9)')).toEqual(cmp('eq', 'name', 'café'));
    expect(f('eq(name,%26%7C%3D%22%27)')).toEqual(cmp('eq', 'name', '&|="\''));
    expect(f('eq(name,"a%2Cb")')).toEqual(cmp('eq', 'name', 'a,b'));
    expect(f('name=%E2%9C%93')).toEqual(cmp('eq', 'name', '✓'));
  });
  it('a query percent-encoded whole (as some HTTP clients send it) reads as the plain one', () => {
    const plain = parseRql('and(eq(status,active),in(id,(a,b)))&ordering(-created)&limit=5');
    expect(
      parseRql('and%28eq%28status%2Cactive%29%2Cin%28id%2C%28a%2Cb%29%29%29&ordering%28-created%29&limit=5'),
    ).toEqual(plain);
    expect(f('eq(status%2Cdraft)')).toEqual(cmp('eq', 'status', 'draft'));
    expect(f('eq%28name%2Ccaf%C3%A9%29')).toEqual(cmp('eq', 'name', 'café'));
    // a query that parses as sent keeps its escaped commas as text
    expect(f('eq(name,a%2Cb)')).toEqual(cmp('eq', 'name', 'a,b'));
    expect(() => parseRql('eq%28status')).toThrow(RqlError);
  });
  it('+ is a literal plus in values', () => {
    expect(f('eq(at,2020-01-01T00:00:00+03:00)')).toEqual(cmp('eq', 'at', '2020-01-01T00:00:00+03:00'));
    expect(f('eq(a,1+1)')).toEqual(cmp('eq', 'a', '1+1'));
  });
  it('null(), empty(), true(), false() values', () => {
    expect(f('eq(a,null())')).toEqual(cmp('eq', 'a', null));
    expect(f('eq(a,empty())')).toEqual(cmp('eq', 'a', ''));
    expect(f('eq(a,true())')).toEqual(cmp('eq', 'a', 'true'));
    expect(f('eq(a,false())')).toEqual(cmp('eq', 'a', 'false'));
    expect(f('eq(a,null)')).toEqual(cmp('eq', 'a', 'null'));
  });
});

describe('parseRql: control terms', () => {
  it('empty string is an empty query', () => {
    expect(parseRql('')).toEqual(empty);
    expect(parseRql('   ')).toEqual(empty);
  });
  it('select, ordering, limit, offset, search in any position', () => {
    expect(parseRql('limit=10&select(+a,-b,c)&eq(x,1)&ordering(-a,b)&offset=20&search=foo+bar')).toEqual({
      filter: cmp('eq', 'x', '1'),
      select: { include: ['a', 'c'], exclude: ['b'] },
      ordering: [
        { field: 'a', desc: true },
        { field: 'b', desc: false },
      ],
      limit: 10,
      offset: 20,
      search: 'foo bar',
    });
  });
  it('limit(n) and limit(n,offset)', () => {
    expect(parseRql('limit(10)')).toMatchObject({ limit: 10, offset: null });
    expect(parseRql('limit(10,20)')).toMatchObject({ limit: 10, offset: 20 });
    expect(parseRql('limit=0')).toMatchObject({ limit: 0 });
    expect(parseRql('limit=100000')).toMatchObject({ limit: 100000 });
  });
  it('search decodes + as space and percent-encoding', () => {
    expect(parseRql('search=a%2Bb+c%20d')).toMatchObject({ search: 'a+b c d' });
    expect(parseRql('search=')).toMatchObject({ search: '' });
    expect(parseRql('search="x,y"')).toMatchObject({ search: 'x,y' });
  });
  it('ignores format and _', () => {
    expect(parseRql('format=json&_=1699999999&eq(a,1)&_=')).toEqual({ ...empty, filter: cmp('eq', 'a', '1') });
  });
  it('select() with no fields, ordering with + sign', () => {
    expect(parseRql('select()')).toMatchObject({ select: { include: [], exclude: [] } });
    expect(parseRql('ordering(+a,-b.c)')).toMatchObject({
      ordering: [
        { field: 'a', desc: false },
        { field: 'b.c', desc: true },
      ],
    });
  });
  it('multiple filter terms with controls', () => {
    expect(parseRql('a=1&limit=5&b=2').filter).toEqual({
      type: 'and',
      args: [cmp('eq', 'a', '1'), cmp('eq', 'b', '2')],
    });
  });
});

describe('parseRql: malformed input -> RqlError', () => {
  it.each([
    ['eq(', /end of query/],
    ['eq(a)', /expected ','/],
    [')(', /unexpected '\)' at position 0/],
    ['unknown(a,b)', /unknown operator 'unknown'/],
    ['eq(a,"b)', /unterminated quoted string/],
    ["eq(a,'b)", /unterminated quoted string/],
    ['a=zz=b', /unknown operator 'zz'/],
    ['eq(a,b))', /unexpected '\)'/],
    ['(a=1', /'\)'/],
    ['a=1&', /unexpected end of query/],
    ['&a=1', /unexpected '&'/],
    ['a', /expected an operator call/],
    ['a=', /missing value/],
    ['eq(a,)', /expected a value/],
    ['eq(1a,b)', /invalid field name/],
    ['eq(a b,c)', /invalid field name/],
    ['eq(a..b,c)', /invalid field name/],
    ['eq(a,b,c)', /expected '\)'/],
    ['eq(a,foo())', /unknown value function/],
    ['eq(a,"x"y)', /after quoted string/],
    ['eq(a,%zz)', /percent-encoding/],
    ['eq(a,%E0%A4%A)', /percent-encoding/],
    ['eq(a,x%00y)', /NUL/],
    ['not()', /not\(\) requires/],
    ['not(a=1,b=2)', /expected '\)'/],
    ['null(a,maybe)', /true or false/],
    ['range(a,1)', /upper bound/],
    ['limit=abc', /limit must be a non-negative integer/],
    ['limit=-1', /limit must be a non-negative integer/],
    ['limit=1.5', /limit must be a non-negative integer/],
    ['offset=x', /offset must be a non-negative integer/],
    ['limit(10,-5)', /offset must be a non-negative integer/],
    ['limit=99999999999999999999', /too large/],
    ['limit=', /expected a number/],
    ['and(a=1,limit(5))', /only allowed as a top-level term/],
    ['(limit=5)', /only allowed as a top-level term/],
    ['a=1|limit=5', /cannot be combined with '\|'/],
    ['true()', /cannot be used as an expression/],
    ['select(a b)', /invalid field name/],
    ['ordering(-)', /invalid field name/],
    ['"a"=1', /unexpected quoted string/],
    ['eq(a,1)eq(b,2)', /unexpected 'eq'/],
    ['constructor(a,b)', /unknown operator/],
    ['a=toString=b', /unknown operator/],
  ])('%s', (q, msg) => expectRqlError(q, msg));

  it('reports the position', () => {
    expect(() => parseRql('and(eq(a,1)))')).toThrow(/Invalid RQL: unexpected '\)' at position 12/);
  });

  it('deep nesting is an RqlError, not a stack overflow', () => {
    expectRqlError('('.repeat(30000) + 'a=1' + ')'.repeat(30000), /nested too deeply/);
    expectRqlError('not('.repeat(20000) + 'a=1' + ')'.repeat(20000), /nested too deeply/);
  });

  it('never throws anything but RqlError on random garbage', () => {
    const alphabet = [
      '(',
      ')',
      ',',
      '&',
      '|',
      ';',
      '=',
      '"',
      "'",
      'a',
      'eq',
      'in',
      'null',
      '%',
      '%2',
      '+',
      '-',
      ' ',
      'limit',
      'select',
      '1',
    ];
    let seed = 42;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    for (let i = 0; i < 3000; i++) {
      let s = '';
      const len = rnd(20);
      for (let j = 0; j < len; j++) s += alphabet[rnd(alphabet.length)];
      try {
        parseRql(s);
      } catch (e) {
        expect(e, s).toBeInstanceOf(RqlError);
      }
    }
  });
});

describe('parseRql: large input', () => {
  it('parses a 64 KB query', () => {
    const terms: string[] = [];
    let len = 0;
    for (let i = 0; len < 64 * 1024; i++) {
      const t =
        i % 3 === 0 ? `in(id,(a${i},b${i},"c,${i}"))` : i % 3 === 1 ? `(x=${i}|y=ne=${i})` : `like(name,*v%20${i}*)`;
      terms.push(t);
      len += t.length + 1;
    }
    const q = parseRql(terms.join('&'));
    expect(q.filter?.type).toBe('and');
    expect((q.filter as { args: unknown[] }).args).toHaveLength(terms.length);
  });
  it('a 64 KB single value / unterminated quote / long word', () => {
    expect(f(`eq(a,${'x'.repeat(65536)})`)).toEqual(cmp('eq', 'a', 'x'.repeat(65536)));
    expectRqlError(`eq(a,"${'x'.repeat(65536)}`);
    expectRqlError('x'.repeat(65536));
    expectRqlError('"'.repeat(65535));
    expectRqlError('%'.repeat(65536));
  });
});

describe('serializeRql', () => {
  const roundTrips: [string, RqlQuery][] = [
    ['empty', empty],
    [
      'every node type',
      {
        ...empty,
        filter: {
          type: 'and',
          args: [
            cmp('eq', 'status', 'pending'),
            cmp('ne', 'a.b', null),
            cmp('gt', 'qty', '5'),
            cmp('ge', 'qty', ''),
            cmp('lt', 'at', '2020-01-01T00:00:00+03:00'),
            cmp('le', 'x', 'true'),
            cmp('like', 'name', '*a,b (c)*'),
            cmp('ilike', 'name', 'it\'s & | ; = " % + ✓ null() '),
            { type: 'list', op: 'in', field: 'id', values: ['a', null, '', 'c,d'] },
            { type: 'list', op: 'out', field: 'id', values: [] },
            { type: 'null', field: 'p', isNull: true },
            { type: 'null', field: 'p', isNull: false },
            { type: 'range', field: 'qty', from: '1', to: null },
            {
              type: 'not',
              arg: { type: 'or', args: [cmp('eq', 'a', '1'), { type: 'and', args: [cmp('eq', 'b', '2')] }] },
            },
            { type: 'and', args: [cmp('eq', 'c', '3'), cmp('eq', 'd', '4')] },
            { type: 'or', args: [] },
          ],
        },
      },
    ],
    [
      'single term + controls',
      {
        filter: cmp('eq', 'a', 'x y'),
        select: { include: ['a', 'b.c'], exclude: ['d'] },
        ordering: [
          { field: 'created', desc: true },
          { field: 'id', desc: false },
        ],
        limit: 0,
        offset: 40,
        search: 'foo + bar & baz, (qux) ✓',
      },
    ],
    ['top-level or', { ...empty, filter: { type: 'or', args: [cmp('eq', 'a', '1'), cmp('eq', 'b', '2')] } }],
    ['and with one arg', { ...empty, filter: { type: 'and', args: [cmp('eq', 'a', '1')] } }],
    ['and with zero args', { ...empty, filter: { type: 'and', args: [] } }],
    ['empty select and search', { ...empty, select: { include: [], exclude: [] }, search: '' }],
  ];
  it.each(roundTrips)('round-trips: %s', (_name, q) => {
    const s = serializeRql(q);
    expect(parseRql(s)).toEqual(q);
    expect(serializeRql(parseRql(s))).toBe(s);
  });

  it('round-trips parsed queries', () => {
    for (const s of [
      'a=1&b=ne=2|(c=3;d=4)',
      'in(id,a,b)&out(x,(1))&null(y,false)&range(z,1,2)&not(like(n,*x*))',
      'select(+a,-b)&ordering(-c)&limit(5,10)&search=x+y',
      'eq(name,"a,b")&eq(v,%C3%A9%2C)',
    ]) {
      const q = parseRql(s);
      expect(parseRql(serializeRql(q))).toEqual(q);
    }
  });

  it('partial queries', () => {
    expect(serializeRql({})).toBe('');
    expect(serializeRql({ limit: 10 })).toBe('limit=10');
    expect(serializeRql({ filter: cmp('eq', 'a', 'b c') })).toBe('eq(a,b%20c)');
    expect(
      serializeRql({
        filter: { type: 'list', op: 'in', field: 'id', values: ['a', 'b'] },
        ordering: [{ field: 'x', desc: true }],
      }),
    ).toBe('in(id,(a,b))&ordering(-x)');
  });

  it('rejects invalid field names and limits', () => {
    expect(() => serializeRql({ filter: cmp('eq', 'a b', '1') })).toThrow(RqlError);
    expect(() => serializeRql({ ordering: [{ field: ')', desc: false }] })).toThrow(RqlError);
    expect(() => serializeRql({ limit: -1 })).toThrow(RqlError);
    expect(() => serializeRql({ offset: 1.5 })).toThrow(RqlError);
  });
});

describe('rql() builder', () => {
  it('builds the example query', () => {
    expect(rql().eq('status', 'pending').in('id', ['a', 'b']).ordering('-created').limit(10).toString()).toBe(
      'eq(status,pending)&in(id,(a,b))&ordering(-created)&limit=10',
    );
  });
  it('supports every operator, sub-expressions and controls', () => {
    const b = rql()
      .ne('a', null)
      .gt('n', 5)
      .ge('n', 1)
      .lt('d', new Date('2020-01-01T00:00:00Z'))
      .le('flag', true)
      .like('name', '*x*')
      .ilike('name', '*Y*')
      .out('id', [])
      .isNull('p')
      .isNull('q', false)
      .range('n', 1, 10)
      .or(rql().eq('s', 'a'), rql().eq('s', 'b').eq('t', 'c'))
      .not(rql().eq('z', 'a b'))
      .select('a', '+b', '-c')
      .ordering('x', '+y', '-z')
      .limit(5, 10)
      .offset(20)
      .search('hello world');
    const s = b.toString();
    expect(s).toBe(
      'ne(a,null())&gt(n,5)&ge(n,1)&lt(d,2020-01-01T00%3A00%3A00.000Z)&le(flag,true)&like(name,*x*)&ilike(name,*Y*)' +
        '&out(id,())&null(p)&null(q,false)&range(n,1,10)&or(eq(s,a),and(eq(s,b),eq(t,c)))&not(eq(z,a%20b))' +
        '&select(+a,+b,-c)&ordering(x,y,-z)&limit=5&offset=20&search=hello%20world',
    );
    expect(parseRql(s)).toEqual(b.toQuery());
  });
  it('skips undefined values and handles empty builders', () => {
    expect(rql().eq('a', undefined).in('b', undefined).search(undefined).toString()).toBe('');
    expect(rql().eq('a', undefined).eq('b', 'x').toString()).toBe('eq(b,x)');
    expect(() => rql().not(rql())).toThrow(RqlError);
    expect(rql().where({ type: 'null', field: 'a', isNull: true }).toQuery().filter).toEqual({
      type: 'null',
      field: 'a',
      isNull: true,
    });
  });
});

describe('rqlMentions', () => {
  it('finds a field anywhere in the filter, including under not() and nested and/or', async () => {
    const { rqlMentions } = await import('./ast.ts');
    expect(rqlMentions(parseRql('and(eq(a,1),or(eq(b,2),not(in(status,(x,y)))))').filter, 'status')).toBe(true);
    expect(rqlMentions(parseRql('eq(a,1)&eq(b,2)').filter, 'status')).toBe(false);
    expect(rqlMentions(null, 'status')).toBe(false);
  });
});
