import { sql } from 'kysely';
import type { UsageFile, UsageRule } from '@trellis/domain';
import type { Db } from '../../resources/engine.ts';
import { ruleCondition } from './rule-condition.ts';

// What the provider's usage rules decide for a file submitted to it (domain usage/rule.ts): rejected at once when a
// reject rule applies; left for review when a manual rule applies; accepted at once when accept rules hold for all
// of every item's usage; otherwise, as without rules, left for review (null).

export type RuleOutcome = { status: 'accepted' | 'rejected'; note: string } | null;

interface Applied {
  rule: UsageRule;
  /** The condition holds for some of the item's usage (a record, or the totals). */
  some: boolean;
  /** It holds for all of it. */
  all: boolean;
}

const named = (r: UsageRule) => `${r.id} (${r.item.name}${r.rule ? `: ${r.rule}` : ''})`;

async function apply(db: Db, fileId: string, rule: UsageRule, records: number): Promise<Applied> {
  const cond = ruleCondition(rule.scope, rule.rule);
  if (rule.scope === 'file') {
    const { rows } = await sql<{
      ok: boolean | null;
    }>`select (${cond}) as ok from (select coalesce(sum(usage), 0) as usage,
      count(*)::int as records from usage_records where usage_file_id = ${fileId} and item_id = ${rule.item.id}) t`.execute(
      db,
    );
    const ok = rows[0]?.ok === true;
    return { rule, some: ok, all: ok };
  }
  const { rows } = await sql<{ n: string }>`select count(*) as n from usage_records t
    where t.usage_file_id = ${fileId} and t.item_id = ${rule.item.id} and coalesce(${cond}, false)`.execute(db);
  const matching = Number(rows[0].n);
  return { rule, some: matching > 0, all: matching === records };
}

export async function ruleOutcome(db: Db, f: UsageFile): Promise<RuleOutcome> {
  const { rows } = await sql<{ data: UsageRule }>`select data from usage_rules
    where product_id = ${f.product.id} and provider_id = ${f.provider.id} and status = 'active'
    order by created_at, id`.execute(db);
  if (!rows.length) return null;
  const { rows: counts } = await sql<{ item_id: string; n: string }>`select item_id, count(*) as n from usage_records
    where usage_file_id = ${f.id} group by item_id`.execute(db);
  const records = new Map(counts.map((c) => [c.item_id, Number(c.n)]));
  if (!records.size) return null;
  const applied: Applied[] = [];
  for (const { data: rule } of rows) {
    const n = records.get(rule.item.id);
    if (n !== undefined) applied.push(await apply(db, f.id, rule, n));
  }
  const rejecting = applied.find((a) => a.rule.action === 'reject' && a.some);
  if (rejecting) return { status: 'rejected', note: `Rejected by usage rule ${named(rejecting.rule)}.` };
  if (applied.some((a) => a.rule.action === 'manual' && a.some)) return null;
  const accepting = [...records.keys()].map((item) =>
    applied.find((a) => a.rule.action === 'accept' && a.rule.item.id === item && a.all),
  );
  if (accepting.some((a) => !a)) return null;
  return { status: 'accepted', note: `Accepted by usage rule ${accepting.map((a) => named(a!.rule)).join(', ')}.` };
}
