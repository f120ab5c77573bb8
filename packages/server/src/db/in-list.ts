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

/** `id → count` from grouped `select id, count(*) as n` rows (counts come back as strings). */
export function countsById(rows: readonly { id: string; n: string | number }[]): Map<string, number> {
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
