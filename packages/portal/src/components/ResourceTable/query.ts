import { rql, type RqlBuilder } from '@trellis/domain/rql/builder';
import { statusesOf, type ResourceDecl } from '@trellis/domain/resource/define';
import { enumLabel } from '@trellis/domain/format/display';
import { statusLabel, type Side } from '@trellis/domain/resource/machine';
import { DEFAULT_PAGE_LIMIT } from '@trellis/domain/format/constants';
import type { TableState } from './filterState.ts';

const allows = (decl: ResourceDecl, field: string, op: string) => !!decl.filters[field]?.ops.includes(op as never);

/** Id filter: an exact id, a prefix, or a pattern with `*` wildcards — always a `like`. */
export function idPattern(value: string): string {
  const v = value.trim().toUpperCase();
  return v.includes('*') ? v : `${v}*`;
}

/**
 * The choice filters of a list (multi-select, an `in` term): the declaration's `list.filters`, else its status and
 * type. Status options come from the machine, labels from the display metadata.
 */
export function choiceFilters(
  decl: ResourceDecl,
): { field: string; label: string; options: { value: string; label: string }[] }[] {
  const wanted = decl.list?.filters ?? ['status', 'type'];
  return wanted
    .filter((field) => decl.filters[field]?.ops.includes('in'))
    .map((field) => {
      const f = decl.filters[field]!;
      const values = f.options ?? (field === 'status' ? statusesOf(decl) : []);
      const display = decl.fields?.[field];
      return {
        field,
        label: display?.label ?? f.label ?? humanize(field),
        // 'deleted' objects are not listed, so it is no use offering it.
        options: values
          .filter((o) => o !== 'deleted')
          .map((value) => ({
            value,
            label:
              field === 'status' ? statusLabel(decl.machine, value) : enumLabel(value, display?.labels ?? f.labels),
          })),
      };
    })
    .filter((c) => c.options.length > 0);
}

/** "Assigned to me" filters this field, for the side that assigns (the machine's assign action). */
export function assigneeFieldFor(decl: ResourceDecl, side: Side): string | null {
  const m = decl.machine;
  if (!m?.assigneeField) return null;
  const by = m.actions.assign?.by;
  return !by || by.includes(side) ? m.assigneeField : null;
}

/** The columns kept at phone width: the declared ones, else the first two and the status. */
export function phoneColumns(decl: ResourceDecl): readonly string[] {
  const cols = decl.list?.columns ?? ['id'];
  if (decl.list?.phone) return decl.list.phone;
  return [...new Set([...cols.slice(0, 2), ...(cols.includes('status') ? ['status'] : [])])];
}

export function humanize(field: string): string {
  const last =
    field
      .split('.')
      .filter((p) => p !== 'at' && p !== 'events')
      .pop() ?? field;
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
