import { sql, type RawBuilder } from 'kysely';

/** `expr in (…)` over bound values; an empty list matches nothing (SQL has no empty IN list). */
export function inList(expr: RawBuilder<unknown>, values: readonly unknown[]): RawBuilder<boolean> {
  if (!values.length) return sql<boolean>`false`;
  return sql<boolean>`${expr} in (${sql.join(values.map((v) => sql`${v}`))})`;
}

/** Group rows by a key, keeping their order. */
export function groupBy<R, K>(rows: readonly R[], key: (r: R) => K): Map<K, R[]> {
  const out = new Map<K, R[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
