/**
 * Tiny fluent RQL builder for the portal:
 *   rql().eq('status', 'pending').in('id', ['a', 'b']).ordering('-created').limit(10).toString()
 *   // -> "eq(status,pending)&in(id,(a,b))&ordering(-created)&limit=10"
 * Terms whose value is `undefined` are skipped (handy for optional filters).
 */
import { RqlError, emptyRqlQuery, type RqlCompareOp, type RqlNode, type RqlQuery, type RqlValue } from './ast.ts';
import { serializeRql } from './serialize.ts';

export type RqlInput = string | number | boolean | null | Date;

function toValue(v: RqlInput): RqlValue {
  if (v === null) return null;
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

export class RqlBuilder {
  private readonly filters: RqlNode[] = [];
  private readonly q: RqlQuery = emptyRqlQuery();

  private cmp(op: RqlCompareOp, field: string, value: RqlInput | undefined): this {
    if (value !== undefined) this.filters.push({ type: 'compare', op, field, value: toValue(value) });
    return this;
  }
  eq(field: string, value: RqlInput | undefined): this {
    return this.cmp('eq', field, value);
  }
  ne(field: string, value: RqlInput | undefined): this {
    return this.cmp('ne', field, value);
  }
  gt(field: string, value: RqlInput | undefined): this {
    return this.cmp('gt', field, value);
  }
  ge(field: string, value: RqlInput | undefined): this {
    return this.cmp('ge', field, value);
  }
  lt(field: string, value: RqlInput | undefined): this {
    return this.cmp('lt', field, value);
  }
  le(field: string, value: RqlInput | undefined): this {
    return this.cmp('le', field, value);
  }
  like(field: string, pattern: string | undefined): this {
    return this.cmp('like', field, pattern);
  }
  ilike(field: string, pattern: string | undefined): this {
    return this.cmp('ilike', field, pattern);
  }

  in(field: string, values: readonly RqlInput[] | undefined): this {
    if (values !== undefined) this.filters.push({ type: 'list', op: 'in', field, values: values.map(toValue) });
    return this;
  }
  out(field: string, values: readonly RqlInput[] | undefined): this {
    if (values !== undefined) this.filters.push({ type: 'list', op: 'out', field, values: values.map(toValue) });
    return this;
  }
  /** null(field) / null(field,false) */
  isNull(field: string, isNull = true): this {
    this.filters.push({ type: 'null', field, isNull });
    return this;
  }
  range(field: string, from: RqlInput, to: RqlInput): this {
    this.filters.push({ type: 'range', field, from: toValue(from), to: toValue(to) });
    return this;
  }
  /** Add a raw node, or OR/NOT of sub-builders: `.or(rql().eq('a',1), rql().eq('b',2))`. */
  where(node: RqlNode | RqlBuilder): this {
    this.filters.push(node instanceof RqlBuilder ? node.toNode() : node);
    return this;
  }
  or(...alternatives: RqlBuilder[]): this {
    this.filters.push({ type: 'or', args: alternatives.map((b) => b.toNode()) });
    return this;
  }
  not(inner: RqlBuilder): this {
    this.filters.push({ type: 'not', arg: inner.toNode() });
    return this;
  }

  /** select('a', '+b', '-c') */
  select(...fields: string[]): this {
    const s = (this.q.select = this.q.select ?? { include: [], exclude: [] });
    for (const f of fields) {
      if (f.startsWith('-')) s.exclude.push(f.slice(1));
      else s.include.push(f.startsWith('+') ? f.slice(1) : f);
    }
    return this;
  }
  /** ordering('-created', 'name') */
  ordering(...fields: string[]): this {
    for (const f of fields) {
      const desc = f.startsWith('-');
      this.q.ordering.push({ field: desc || f.startsWith('+') ? f.slice(1) : f, desc });
    }
    return this;
  }
  limit(limit: number, offset?: number): this {
    this.q.limit = limit;
    if (offset !== undefined) this.q.offset = offset;
    return this;
  }
  offset(offset: number): this {
    this.q.offset = offset;
    return this;
  }
  search(term: string | undefined): this {
    this.q.search = term === undefined || term === '' ? null : term;
    return this;
  }

  /** The filter as one node (AND of the terms); throws if there are none. */
  toNode(): RqlNode {
    if (this.filters.length === 0) throw new RqlError('Invalid RQL: empty sub-expression');
    return this.filters.length === 1 ? this.filters[0] : { type: 'and', args: [...this.filters] };
  }
  toQuery(): RqlQuery {
    const filter = this.filters.length === 0 ? null : this.toNode();
    return {
      ...this.q,
      filter,
      select: this.q.select && { include: [...this.q.select.include], exclude: [...this.q.select.exclude] },
      ordering: [...this.q.ordering],
    };
  }
  toString(): string {
    return serializeRql(this.toQuery());
  }
}

export function rql(): RqlBuilder {
  return new RqlBuilder();
}
