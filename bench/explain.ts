// EXPLAIN (ANALYZE, BUFFERS) of a captured list's statements (the page and its count): the scans they use on
// the listed table (asset_requests unless told), and whether any is a sequential scan.

/** What EXPLAIN needs of a connection: pg's Client and PGlite both answer this. */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface Explained {
  usesIndex: boolean;
  scans: string[];
  ms: number;
  countMs?: number;
}
type Q = { text: string; values: unknown[] };

async function explain(c: SqlClient, q: Q, table: string) {
  const { rows } = await c.query(`explain (analyze, buffers, format json) ${q.text}`, q.values);
  const plan = rows[0]['QUERY PLAN'][0];
  const scans: string[] = [];
  const walk = (n: any) => {
    if (n['Relation Name'] === table) scans.push(`${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`);
    // a bitmap heap scan's indexes are on its Bitmap Index Scan children, which name no relation
    // (the table's own indexes, and those derived from its declaration: dx_<table>_…)
    else if (n['Node Type'] === 'Bitmap Index Scan' && String(n['Index Name']).replace(/^dx_/, '').startsWith(table))
      scans.push(`Bitmap Index Scan ${n['Index Name']}`);
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return { scans, ms: plan['Execution Time'] as number };
}

export async function explainUsesIndex(
  c: SqlClient,
  rowsQ: Q,
  countQ?: Q,
  table = 'asset_requests',
): Promise<Explained> {
  const page = await explain(c, rowsQ, table);
  const count = countQ ? await explain(c, countQ, table) : undefined;
  const scans = [...page.scans, ...(count ? count.scans.map((s) => `count: ${s}`) : [])];
  return {
    usesIndex: scans.length > 0 && !scans.some((s) => /Seq Scan/.test(s)),
    scans,
    ms: page.ms,
    countMs: count?.ms,
  };
}
