/**
 * RQL parser: hand-written tokenizer + recursive-descent parser (linear time, bounded depth).
 *
 * Input is the raw URL query string (no leading '?'), still percent-encoded. Tokenizing happens on
 * the raw text; each value / field is percent-decoded afterwards, so `%2C` is a literal comma.
 */
import {
  RQL_COMPARE_OPS,
  RQL_FIELD_RE,
  RqlError,
  emptyRqlQuery,
  type RqlCompareOp,
  type RqlNode,
  type RqlQuery,
  type RqlValue,
} from './ast.ts';

type TokKind = '(' | ')' | ',' | '&' | '|' | '=' | 'word' | 'quoted' | 'eof';

interface Token {
  kind: TokKind;
  /** Raw text: for words the (trimmed) word, for quoted strings the content between the quotes. */
  raw: string;
  pos: number;
}

const MAX_DEPTH = 200;

const PUNCT: Record<string, TokKind> = {
  '(': '(',
  ')': ')',
  ',': ',',
  '&': '&',
  '|': '|',
  ';': '|',
  '=': '=',
};

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

function fail(msg: string, pos: number): never {
  throw new RqlError(`Invalid RQL: ${msg} at position ${pos}`);
}

function tokenize(input: string): Token[] {
  const toks: Token[] = [];
  const n = input.length;
  let i = 0;
  while (i < n) {
    const c = input[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    const p = PUNCT[c];
    if (p !== undefined) {
      toks.push({ kind: p, raw: c, pos: i });
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = input.indexOf(c, i + 1);
      if (end < 0) fail(`unterminated quoted string (missing closing ${c})`, i);
      toks.push({ kind: 'quoted', raw: input.slice(i + 1, end), pos: i });
      i = end + 1;
      while (i < n && isSpace(input[i])) i++;
      if (i < n && PUNCT[input[i]] === undefined) fail(`unexpected '${input[i]}' after quoted string`, i);
      continue;
    }
    const start = i;
    while (i < n && PUNCT[input[i]] === undefined) i++;
    toks.push({ kind: 'word', raw: input.slice(start, i).replace(/[ \t\r\n]+$/, ''), pos: start });
  }
  toks.push({ kind: 'eof', raw: '', pos: n });
  return toks;
}

function describe(t: Token): string {
  if (t.kind === 'eof') return 'end of query';
  if (t.kind === 'quoted') return 'quoted string';
  const s = t.raw.length > 40 ? `${t.raw.slice(0, 40)}...` : t.raw;
  return `'${s}'`;
}

function decode(raw: string, pos: number, plusAsSpace = false): string {
  let s = plusAsSpace ? raw.replace(/\+/g, ' ') : raw;
  if (s.includes('%')) {
    try {
      s = decodeURIComponent(s);
    } catch {
      fail('malformed percent-encoding', pos);
    }
  }
  if (s.includes('\u0000')) fail('NUL character in value', pos);
  return s;
}

/** Internal parse result: a filter node or a top-level control term. */
type Control =
  | { type: 'ctl'; kind: 'limit'; limit: number; offset: number | null; pos: number }
  | { type: 'ctl'; kind: 'offset'; offset: number; pos: number }
  | { type: 'ctl'; kind: 'search'; search: string; pos: number }
  | { type: 'ctl'; kind: 'select'; include: string[]; exclude: string[]; pos: number }
  | { type: 'ctl'; kind: 'ordering'; ordering: { field: string; desc: boolean }[]; pos: number }
  | { type: 'ctl'; kind: 'ignore'; pos: number };
type Item = RqlNode | Control;

const CONTROL_CALLS = new Set(['select', 'ordering', 'limit']);
const CONTROL_KEYS = new Set(['limit', 'offset', 'search', 'format', '_']);
const VALUE_FUNCS: Record<string, RqlValue> = { null: null, empty: '', true: 'true', false: 'false' };

interface Ctx {
  /** Control terms (limit, select, ...) allowed here (top-level AND chain only). */
  top: boolean;
  /** `,` acts as an AND separator (top level and inside `( )` groups, not inside call args). */
  comma: boolean;
}

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly toks: Token[]) {}

  peek(k = 0): Token {
    return this.toks[Math.min(this.i + k, this.toks.length - 1)];
  }
  next(): Token {
    const t = this.toks[this.i];
    if (this.i < this.toks.length - 1) this.i++;
    return t;
  }
  expect(kind: TokKind, what?: string): Token {
    const t = this.next();
    if (t.kind !== kind) fail(`expected ${what ?? `'${kind}'`} but found ${describe(t)}`, t.pos);
    return t;
  }
  unexpected(t: Token): never {
    fail(`unexpected ${describe(t)}`, t.pos);
  }

  enter(pos: number): void {
    if (++this.depth > MAX_DEPTH) fail(`expression nested too deeply (max ${MAX_DEPTH})`, pos);
  }
  leave(): void {
    this.depth--;
  }

  /** Whole query: top-level OR of AND chains; control terms only when there is no top-level OR. */
  parseQuery(): RqlQuery {
    const q = emptyRqlQuery();
    if (this.peek().kind === 'eof') return q;
    const chains: Item[][] = [this.parseAndChain({ top: true, comma: true })];
    while (this.peek().kind === '|') {
      this.next();
      chains.push(this.parseAndChain({ top: true, comma: true }));
    }
    const end = this.peek();
    if (end.kind !== 'eof') this.unexpected(end);

    if (chains.length > 1) {
      for (const ch of chains) {
        const c = ch.find((x) => x.type === 'ctl');
        if (c) fail(`control term cannot be combined with '|' (group the OR in parentheses)`, (c as Control).pos);
      }
      q.filter = { type: 'or', args: chains.map((ch) => andOf(ch as RqlNode[])) };
      return q;
    }
    const filters: RqlNode[] = [];
    for (const it of chains[0]) {
      if (it.type !== 'ctl') {
        filters.push(it);
        continue;
      }
      switch (it.kind) {
        case 'limit':
          q.limit = it.limit;
          if (it.offset !== null) q.offset = it.offset;
          break;
        case 'offset':
          q.offset = it.offset;
          break;
        case 'search':
          q.search = it.search;
          break;
        case 'select':
          q.select = q.select ?? { include: [], exclude: [] };
          q.select.include.push(...it.include);
          q.select.exclude.push(...it.exclude);
          break;
        case 'ordering':
          q.ordering.push(...it.ordering);
          break;
        case 'ignore':
          break;
      }
    }
    q.filter = filters.length === 0 ? null : andOf(filters);
    return q;
  }

  /** or_expr := and_chain (('|'|';') and_chain)* */
  parseOr(ctx: Ctx): RqlNode {
    const first = andOf(this.parseAndChain(ctx) as RqlNode[]);
    if (this.peek().kind !== '|') return first;
    const args = [first];
    while (this.peek().kind === '|') {
      this.next();
      args.push(andOf(this.parseAndChain(ctx) as RqlNode[]));
    }
    return { type: 'or', args };
  }

  /** and_chain := unary (('&' | ',' if ctx.comma) unary)* */
  parseAndChain(ctx: Ctx): Item[] {
    const items = [this.parseUnary(ctx)];
    for (;;) {
      const k = this.peek().kind;
      if (k === '&' || (k === ',' && ctx.comma)) {
        this.next();
        items.push(this.parseUnary(ctx));
      } else {
        return items;
      }
    }
  }

  parseUnary(ctx: Ctx): Item {
    const t = this.peek();
    if (t.kind === '(') {
      this.next();
      this.enter(t.pos);
      const node = this.parseOr({ top: false, comma: true });
      this.expect(')', `')' closing the group opened at position ${t.pos}`);
      this.leave();
      return node;
    }
    if (t.kind !== 'word') this.unexpected(t);
    const nt = this.peek(1);
    if (nt.kind === '(') return this.parseCall(ctx);
    if (nt.kind === '=') return this.parseFiql(ctx);
    fail(`expected an operator call like eq(field,value) or 'field=value' but found ${describe(t)}`, t.pos);
  }

  parseCall(ctx: Ctx): Item {
    const nameTok = this.next();
    const name = nameTok.raw;
    const open = this.expect('(');
    this.enter(open.pos);
    let result: Item;
    if (CONTROL_CALLS.has(name) && !ctx.top) {
      fail(`'${name}()' is only allowed as a top-level term`, nameTok.pos);
    }
    switch (name) {
      case 'and':
      case 'or': {
        const args: RqlNode[] = [];
        if (this.peek().kind !== ')') {
          args.push(this.parseOr({ top: false, comma: false }));
          while (this.peek().kind === ',') {
            this.next();
            args.push(this.parseOr({ top: false, comma: false }));
          }
        }
        result = { type: name, args };
        break;
      }
      case 'not': {
        if (this.peek().kind === ')') fail(`not() requires one expression`, this.peek().pos);
        result = { type: 'not', arg: this.parseOr({ top: false, comma: false }) };
        break;
      }
      case 'eq':
      case 'ne':
      case 'gt':
      case 'ge':
      case 'lt':
      case 'le':
      case 'like':
      case 'ilike': {
        const field = this.parseField();
        this.expect(',', `',' and a value after the field of ${name}()`);
        const value = this.parseValue();
        result = { type: 'compare', op: name, field, value };
        break;
      }
      case 'in':
      case 'out': {
        const field = this.parseField();
        this.expect(',', `',' and values after the field of ${name}()`);
        let values: RqlValue[];
        if (this.peek().kind === '(') {
          values = this.parseValueList();
        } else {
          values = [this.parseValue()];
          while (this.peek().kind === ',') {
            this.next();
            values.push(this.parseValue());
          }
        }
        result = { type: 'list', op: name, field, values };
        break;
      }
      case 'null': {
        const field = this.parseField();
        let isNull = true;
        if (this.peek().kind === ',') {
          this.next();
          const vt = this.peek();
          const v = this.parseValue();
          if (v !== 'true' && v !== 'false') fail(`null() second argument must be true or false`, vt.pos);
          isNull = v === 'true';
        }
        result = { type: 'null', field, isNull };
        break;
      }
      case 'range': {
        const field = this.parseField();
        this.expect(',', `',' and two bounds after the field of range()`);
        const from = this.parseValue();
        this.expect(',', `',' and an upper bound in range()`);
        const to = this.parseValue();
        result = { type: 'range', field, from, to };
        break;
      }
      case 'select': {
        const include: string[] = [];
        const exclude: string[] = [];
        for (const { name: f, sign } of this.parseSignedFields()) (sign === '-' ? exclude : include).push(f);
        result = { type: 'ctl', kind: 'select', include, exclude, pos: nameTok.pos };
        break;
      }
      case 'ordering': {
        const ordering = this.parseSignedFields().map(({ name: f, sign }) => ({ field: f, desc: sign === '-' }));
        result = { type: 'ctl', kind: 'ordering', ordering, pos: nameTok.pos };
        break;
      }
      case 'limit': {
        const limit = this.parseInt('limit');
        let offset: number | null = null;
        if (this.peek().kind === ',') {
          this.next();
          offset = this.parseInt('offset');
        }
        result = { type: 'ctl', kind: 'limit', limit, offset, pos: nameTok.pos };
        break;
      }
      default:
        if (Object.prototype.hasOwnProperty.call(VALUE_FUNCS, name)) {
          fail(`value ${name}() cannot be used as an expression`, nameTok.pos);
        }
        fail(`unknown operator '${name.length > 40 ? name.slice(0, 40) + '...' : name}'`, nameTok.pos);
    }
    this.expect(')', `')' closing ${name}( opened at position ${open.pos}`);
    this.leave();
    return result;
  }

  parseFiql(ctx: Ctx): Item {
    const keyTok = this.next();
    const eqTok = this.next(); // '='
    const key = keyTok.raw;
    if (CONTROL_KEYS.has(key)) {
      if (!ctx.top) fail(`'${key}=' is only allowed as a top-level term`, keyTok.pos);
      switch (key) {
        case 'limit':
          return { type: 'ctl', kind: 'limit', limit: this.parseInt('limit'), offset: null, pos: keyTok.pos };
        case 'offset':
          return { type: 'ctl', kind: 'offset', offset: this.parseInt('offset'), pos: keyTok.pos };
        case 'search': {
          const t = this.peek();
          let search = '';
          if (t.kind === 'word' || t.kind === 'quoted') {
            this.next();
            search = decode(t.raw, t.pos, true);
          }
          return { type: 'ctl', kind: 'search', search, pos: keyTok.pos };
        }
        default: {
          // `format`, `_`: reserved keys sent by clients, silently ignored.
          const t = this.peek();
          if (t.kind === 'word' || t.kind === 'quoted') this.next();
          return { type: 'ctl', kind: 'ignore', pos: keyTok.pos };
        }
      }
    }
    const field = this.checkField(keyTok);
    const t = this.peek();
    if (t.kind === 'word' && this.peek(1).kind === '=') {
      // field=op=value
      this.next();
      this.next();
      const op = t.raw;
      if ((RQL_COMPARE_OPS as readonly string[]).includes(op)) {
        return { type: 'compare', op: op as RqlCompareOp, field, value: this.parseValue() };
      }
      if (op === 'in' || op === 'out') {
        const values = this.peek().kind === '(' ? this.parseValueList() : [this.parseValue()];
        return { type: 'list', op, field, values };
      }
      fail(`unknown operator '${op.length > 40 ? op.slice(0, 40) + '...' : op}' in '${field}=${op}='`, t.pos);
    }
    if (t.kind !== 'word' && t.kind !== 'quoted')
      fail(`missing value after '${field}='`, t.kind === 'eof' ? eqTok.pos + 1 : t.pos);
    return { type: 'compare', op: 'eq', field, value: this.parseValue() };
  }

  checkField(t: Token): string {
    if (t.kind !== 'word') fail(`expected a field name but found ${describe(t)}`, t.pos);
    const f = decode(t.raw, t.pos);
    if (!RQL_FIELD_RE.test(f)) fail(`invalid field name ${describe(t)}`, t.pos);
    return f;
  }

  parseField(): string {
    return this.checkField(this.next());
  }

  /** value := quoted | word | null() | empty() | true() | false() */
  parseValue(): RqlValue {
    const t = this.next();
    if (t.kind === 'quoted') return decode(t.raw, t.pos);
    if (t.kind !== 'word') fail(`expected a value but found ${describe(t)}`, t.pos);
    if (this.peek().kind === '(') {
      if (!Object.prototype.hasOwnProperty.call(VALUE_FUNCS, t.raw)) {
        fail(`unknown value function ${describe(t)} (expected null(), empty(), true() or false())`, t.pos);
      }
      this.next();
      this.expect(')', `')' after ${t.raw}(`);
      return VALUE_FUNCS[t.raw];
    }
    // quotes sent percent-encoded (`%22Demo%20Vendor%22`, as the Connect SDK's fetch sends "Demo Vendor") still quote
    const quoted = /^%(22|27)(.*)%\1$/i.exec(t.raw);
    return decode(quoted ? quoted[2] : t.raw, t.pos);
  }

  /** '(' [value (',' value)*] ')' */
  parseValueList(): RqlValue[] {
    const open = this.expect('(');
    const values: RqlValue[] = [];
    if (this.peek().kind !== ')') {
      values.push(this.parseValue());
      while (this.peek().kind === ',') {
        this.next();
        values.push(this.parseValue());
      }
    }
    this.expect(')', `')' closing the value list opened at position ${open.pos}`);
    return values;
  }

  /** Fields of select()/ordering(): `+a`, `-b`, `c` (no sign = include / ascending). */
  parseSignedFields(): { name: string; sign: '+' | '-' }[] {
    const out: { name: string; sign: '+' | '-' }[] = [];
    if (this.peek().kind === ')') return out;
    for (;;) {
      const t = this.next();
      if (t.kind !== 'word' && t.kind !== 'quoted') fail(`expected a field name but found ${describe(t)}`, t.pos);
      let s = decode(t.raw, t.pos);
      let sign: '+' | '-' = '+';
      if (s[0] === '+' || s[0] === '-' || s[0] === ' ') {
        sign = s[0] === '-' ? '-' : '+';
        s = s.slice(1);
      }
      if (!RQL_FIELD_RE.test(s)) fail(`invalid field name ${describe(t)}`, t.pos);
      out.push({ name: s, sign });
      if (this.peek().kind !== ',') return out;
      this.next();
    }
  }

  parseInt(what: string): number {
    const t = this.next();
    if (t.kind !== 'word' && t.kind !== 'quoted') fail(`expected a number for ${what} but found ${describe(t)}`, t.pos);
    const s = decode(t.raw, t.pos);
    if (!/^\d+$/.test(s))
      fail(`${what} must be a non-negative integer, got '${s.length > 40 ? s.slice(0, 40) + '...' : s}'`, t.pos);
    const n = Number(s);
    if (!Number.isSafeInteger(n)) fail(`${what} is too large`, t.pos);
    return n;
  }
}

function andOf(items: RqlNode[]): RqlNode {
  return items.length === 1 ? items[0] : { type: 'and', args: items };
}

/**
 * Parse a raw URL query string (without the leading '?', still percent-encoded) into an RqlQuery.
 * Throws only RqlError (message: "Invalid RQL: <problem> at position <0-based offset>").
 */
export function parseRql(queryString: string): RqlQuery {
  if (typeof queryString !== 'string') throw new RqlError('Invalid RQL: query must be a string');
  try {
    return parseOnce(queryString);
  } catch (e) {
    // Some HTTP clients percent-encode the whole query (`eq%28status%2Cactive%29`). A query that does not parse as
    // sent is read again with its structure (parentheses, commas, &, |, =) decoded; values keep their own escapes.
    // One that parses as sent is never re-read, so `eq(name,a%2Cb)` still holds a literal comma.
    const structure = /%(28|29|2C|26|7C|3D)/gi;
    if (!(e instanceof RqlError) || !structure.test(queryString)) throw e;
    try {
      return parseOnce(queryString.replace(structure, (m) => decodeURIComponent(m)));
    } catch {
      throw e;
    }
  }
}

function parseOnce(queryString: string): RqlQuery {
  try {
    return new Parser(tokenize(queryString)).parseQuery();
  } catch (e) {
    if (e instanceof RqlError) throw e;
    throw new RqlError(`Invalid RQL: ${e instanceof Error ? e.message : String(e)}`);
  }
}
