import { rql, type RqlBuilder } from '@trellis/domain/rql/builder';
import type { ResourceDecl } from '@trellis/domain/resource/define';
import { DEFAULT_PAGE_LIMIT } from '@trellis/domain/format/constants';
import type { TableState } from './filterState.ts';

const allows = (decl: ResourceDecl, field: string, op: string) => !!decl.filters[field]?.ops.includes(op as never);

/** Id filter: an exact id, a prefix, or a pattern with `*` wildcards — always a `like`. */
export function idPattern(value: string): string {
  const v = value.trim().toUpperCase();
  return v.includes('*') ? v : `${v}*`;
}

/** Fields the table can filter by a fixed list of values (status and enumerations of the declaration). */
export function choiceFilters(decl: ResourceDecl): { field: string; label: string; options: readonly string[] }[] {
  return Object.entries(decl.filters)
    .filter(([field, f]) => !f.alias && f.ops.includes('in') && (f.options?.length || (field === 'status' && decl.statuses?.length)))
    .map(([field, f]) => ({
      field,
      label: f.label ?? humanize(field),
      // 'deleted' objects are not listed, so it is no use offering it.
      options: (f.options ?? decl.statuses ?? []).filter((o) => o !== 'deleted'),
    }));
}

export function humanize(field: string): string {
  const last = field.split('.').filter((p) => p !== 'at' && p !== 'events').pop() ?? field;
  const s = last.replace(/_/g, ' ');
  return s === 'id' ? 'ID' : s.charAt(0).toUpperCase() + s.slice(1);
}

/** The RQL of one page of the list for this state. */
export function buildListQuery(
  decl: ResourceDecl,
  state: TableState,
  opts: { userId?: string; assigneeField?: string; base?: (q: RqlBuilder) => RqlBuilder } = {},
): string {
  let q = rql();
  if (opts.base) q = opts.base(q);
  if (state.id?.trim() && allows(decl, 'id', 'like')) q.like('id', idPattern(state.id));
  if (state.idName?.trim()) {
    const v = state.idName.trim();
    const op = allows(decl, 'name', 'ilike') ? 'ilike' : 'like';
    q.or(rql().like('id', idPattern(v)), op === 'ilike' ? rql().ilike('name', `*${v}*`) : rql().like('name', `*${v}*`));
  }
  for (const [field, values] of Object.entries(state.filters ?? {})) {
    if (values.length && allows(decl, field, 'in')) q.in(field, values);
  }
  if (state.assignedToMe && opts.userId && opts.assigneeField) q.eq(opts.assigneeField, opts.userId);
  const ordering = state.ordering ?? decl.defaultOrdering;
  if (ordering) q.ordering(ordering);
  if (state.search?.trim() && decl.search.length) q.search(state.search.trim());
  q.limit(state.limit ?? DEFAULT_PAGE_LIMIT, state.offset ?? 0);
  return q.toString();
}
