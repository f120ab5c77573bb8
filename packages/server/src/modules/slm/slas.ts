import { sql } from 'kysely';
import { defaultSla, slaEntityTypesOf, slaResource, type Sla, type SlaUpdate } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import type { Db, Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { endIndicators, indicatorsOf, moveIndicator, scheduleSweep, earliest } from './indicators.ts';
import { slaTable } from './tables.ts';
import { trackedKind } from './tracked.ts';

// SLA settings (reference /sla): each account's own, one per kind of object it serves, made with the account
// (disabled, default objectives). Enabling starts indicators for objects that enter a covered status from then on,
// as the reference does; changed zones move the running indicators at once; disabling ends them.

export const slas: Served<Sla> = {
  decl: slaResource,
  table: slaTable,
  owner: (s) => s.owner.id,
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,

  async update(_ctx, current, input: SlaUpdate, _params, db) {
    const slos = current.slos.map((s) => ({ ...s }));
    for (const [i, given] of (input.slos ?? []).entries()) {
      const slo = slos.find((s) => s.id === given.id);
      if (!slo) throw ApiError.field(`slos.${i}.id`, `No objective ${given.id} in these settings.`);
      if (given.terminate && !slo.final_action)
        throw ApiError.field(
          `slos.${i}.terminate`,
          `Objects waiting as ${slo.target_status} have no final action: the objective cannot terminate.`,
        );
      if (given.terminate !== undefined) slo.terminate = given.terminate;
      if (given.zones) slo.zones = given.zones;
    }
    const next: Sla = { ...current, slos, ...(input.active !== undefined && { active: input.active }) };
    await applyToIndicators(db, next);
    return next;
  },
};

/** The running indicators follow changed settings: ended when disabled, else moved under the objectives' new zones. */
async function applyToIndicators(db: Db, sla: Sla) {
  const kind = trackedKind(sla.entity_type);
  if (!kind) return;
  if (!sla.active) return endIndicators(db, kind, sla.id);
  const now = new Date();
  for (const sli of await indicatorsOf(db, sla.id)) {
    const slo = sla.slos.find((s) => s.id === sli.slo.id);
    const moved = slo && (await moveIndicator(db, kind, sla.owner.id, sli, slo, now));
    if (moved) await scheduleSweep(db, earliest(moved));
  }
}

/**
 * Every account's default settings (one disabled SLA per kind of object its side serves) where it has none: at each
 * start, for accounts made before this area was connected (an upgrade, the demo's first accounts), and when an
 * account is made. Idempotent, and safe when several processes start at once.
 */
export async function ensureDefaultSlas(db: Db, accountId?: string) {
  const { rows } = await sql<{ id: string; name: string; type: 'vendor' | 'provider'; kinds: string[] }>`
    select a.id, a.name, a.type, array_remove(array_agg(s.entity_type), null) as kinds
    from accounts a left join slas s on s.account_id = a.id
    where ${accountId ? sql`a.id = ${accountId}` : sql`true`} group by a.id`.execute(db);
  const at = new Date().toISOString();
  for (const a of rows)
    for (const kind of slaEntityTypesOf(a.type).filter((k) => !a.kinds.includes(k))) {
      const sla = defaultSla(newId('SLA', 3, 3), { id: a.id, name: a.name }, kind, at);
      await sql`insert into slas (id, account_id, entity_type, active, created_at, updated_at, data)
        values (${sla.id}, ${a.id}, ${kind}, false, ${at}, ${at}, ${JSON.stringify(sla)}::jsonb)
        on conflict (account_id, entity_type) do nothing`.execute(db);
    }
}
