import { sql, type RawBuilder } from 'kysely';
import { DATE_OPS, NUMBER_OPS, parseRql, RqlError, TEXT_OPS, USAGE_RULE_FIELDS, type UsageRule } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import { compileFilter, QueryError, type FieldSpec, type QuerySpec } from '../../resources/rql-sql.ts';

// A usage rule's condition is RQL, compiled to SQL like a list's filters: over a usage record (`record` scope,
// alias t on usage_records) or over the item's totals in the file (`file` scope, alias t on a row of `usage` and
// `records`). What it may name is USAGE_RULE_FIELDS.

type Scope = UsageRule['scope'];

const WHERE: Record<string, Pick<FieldSpec, 'column' | 'json'>> = {
  usage: { column: 'usage' },
  amount: { json: ['amount'] },
  record_id: { column: 'record_id' },
  category: { json: ['category'] },
  'asset.id': { column: 'asset_id' },
  'asset.external_id': { column: 'asset_external_id' },
  start_date: { column: 'start_at' },
  end_date: { column: 'end_at' },
  records: { column: 'records' },
};
const OPS = { number: NUMBER_OPS, datetime: DATE_OPS, string: TEXT_OPS } as const;

function specOf(scope: Scope): QuerySpec {
  const fields: QuerySpec['fields'] = {};
  for (const [name, type] of Object.entries(USAGE_RULE_FIELDS[scope]))
    fields[name] = { ...WHERE[name], type, ops: OPS[type] };
  return { table: 't', fields, ordering: {}, search: [] };
}
const specs: Record<Scope, QuerySpec> = { record: specOf('record'), file: specOf('file') };

/** The condition as SQL (true for no condition); a condition the scope cannot take is a 400 naming the problem. */
export function ruleCondition(scope: Scope, rule: string | null): RawBuilder<boolean> {
  if (!rule) return sql<boolean>`true`;
  try {
    const q = parseRql(rule);
    if (!q.filter || q.select || q.ordering.length || q.limit !== null || q.offset !== null || q.search !== null)
      throw new QueryError('A condition is a filter only, such as gt(usage,100).');
    return compileFilter(q.filter, specs[scope]);
  } catch (e) {
    if (e instanceof QueryError || e instanceof RqlError) throw ApiError.field('rule', e.message);
    throw e;
  }
}
