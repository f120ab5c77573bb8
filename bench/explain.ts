// EXPLAIN (ANALYZE, BUFFERS) of a captured list's statements (the page and its count): the scans they use on
// asset_requests, and whether any is a sequential scan.

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

async function explain(c: SqlClient, q: Q) {
  const { rows } = await c.query(`explain (analyze, buffers, format json) ${q.text}`, q.values);
  const plan = rows[0]['QUERY PLAN'][0];
  const scans: string[] = [];
  const walk = (n: any) => {
    if (n['Relation Name'] === 'asset_requests')
      scans.push(`${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`);
    // a bitmap heap scan's indexes are on its Bitmap Index Scan children, which name no relation
    else if (n['Node Type'] === 'Bitmap Index Scan' && String(n['Index Name']).startsWith('asset_requests'))
      scans.push(`Bitmap Index Scan ${n['Index Name']}`);
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return { scans, ms: plan['Execution Time'] as number };
}

export async function explainUsesIndex(c: SqlClient, rowsQ: Q, countQ?: Q): Promise<Explained> {
  const page = await explain(c, rowsQ);
  const count = countQ ? await explain(c, countQ) : undefined;
  const scans = [...page.scans, ...(count ? count.scans.map((s) => `count: ${s}`) : [])];
  return {
    usesIndex: scans.length > 0 && !scans.some((s) => /Seq Scan/.test(s)),
    scans,
    ms: page.ms,
    countMs: count?.ms,
  };
}
