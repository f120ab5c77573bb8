/**
 * RQL serializer: the inverse of parseRql (parseRql(serializeRql(q)) deep-equals q).
 * Produces call forms (`eq(f,v)`, `in(f,(a,b))`), top-level AND terms joined with `&`.
 */
import { RQL_FIELD_RE, RqlError, type RqlNode, type RqlQuery, type RqlValue } from './ast.ts';

/** Percent-encode a value so that no RQL syntax character (`( ) , & | ; = ' "` ...) survives literally. */
export function encodeRqlValue(v: RqlValue): string {
  if (v === null) return 'null()';
  if (v === '') return 'empty()';
  return encodeText(v);
}

function encodeText(v: string): string {
  return encodeURIComponent(v).replace(/[()'!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function field(f: string): string {
  if (typeof f !== 'string' || !RQL_FIELD_RE.test(f))
    throw new RqlError(`Invalid RQL: invalid field name '${String(f)}'`);
  return f;
}

/** Serialize one filter node in call form. */
export function serializeRqlNode(n: RqlNode): string {
  switch (n.type) {
    case 'and':
    case 'or':
      return `${n.type}(${n.args.map(serializeRqlNode).join(',')})`;
    case 'not':
      return `not(${serializeRqlNode(n.arg)})`;
    case 'compare':
      return `${n.op}(${field(n.field)},${encodeRqlValue(n.value)})`;
    case 'list':
      return `${n.op}(${field(n.field)},(${n.values.map(encodeRqlValue).join(',')}))`;
    case 'null':
      return n.isNull ? `null(${field(n.field)})` : `null(${field(n.field)},false)`;
    case 'range':
      return `range(${field(n.field)},${encodeRqlValue(n.from)},${encodeRqlValue(n.to)})`;
    default:
      throw new RqlError(`Invalid RQL: unknown node type '${(n as { type?: unknown }).type}'`);
  }
}

function nonNegInt(what: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RqlError(`Invalid RQL: ${what} must be a non-negative integer`);
  return String(n);
}

export function serializeRql(q: Partial<RqlQuery>): string {
  const parts: string[] = [];
  const f = q.filter;
  if (f) {
    // A top-level AND of 2+ terms is written as `a&b` (the parser joins top-level terms with AND).
    if (f.type === 'and' && f.args.length >= 2) parts.push(...f.args.map(serializeRqlNode));
    else parts.push(serializeRqlNode(f));
  }
  if (q.select) {
    const s = [...q.select.include.map((x) => `+${field(x)}`), ...q.select.exclude.map((x) => `-${field(x)}`)];
    parts.push(`select(${s.join(',')})`);
  }
  if (q.ordering && q.ordering.length > 0) {
    parts.push(`ordering(${q.ordering.map((o) => (o.desc ? '-' : '') + field(o.field)).join(',')})`);
  }
  if (q.limit !== null && q.limit !== undefined) parts.push(`limit=${nonNegInt('limit', q.limit)}`);
  if (q.offset !== null && q.offset !== undefined) parts.push(`offset=${nonNegInt('offset', q.offset)}`);
  if (q.search !== null && q.search !== undefined) parts.push(`search=${encodeText(q.search)}`);
  return parts.join('&');
}
