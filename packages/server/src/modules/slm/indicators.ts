import { sql } from 'kysely';
import { SLO_TARGETS, sliAt, sloFor, type ObjectSli, type Sla, type Sli, type Slo } from '@trellis/domain';
import { enqueueUnlessQueued } from '../../jobs/queue.ts';
import { insertObject, updateObject, type Db, type Obj } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import type { TrackedKind } from './tracked.ts';
import { slis } from './slis.ts';

// An object's indicator follows its status: every write of a tracked object (its store hook) starts one when the
// object enters a status an enabled objective covers, keeps it while the object stays there, and ends it when the
// object leaves. The sweep (sweep.ts) moves indicators on as days pass.

export const SWEEP_JOB = 'slm.sweep';

/** The indicator at `now` of an object that started waiting at `start` under `slo`. */
export function indicatorAt(slo: Slo, start: Date, now: Date) {
  const state = sliAt(slo.zones, slo.terminate && !!slo.final_action, start, now);
  const short: ObjectSli = {
    zone: state.zone,
    days: state.days,
    ...(state.until && { until: state.until.toISOString() }),
  };
  return { state, short };
}

/** The indicator row's columns beyond the object's paths. */
const extra = (accountId: string, state: ReturnType<typeof sliAt>) => ({
  account_id: accountId,
  next_at: state.next.toISOString(),
  terminate_at: state.terminateAt?.toISOString() ?? null,
});

/** Queue the sweep for `at`, unless one is queued by then already (`except`: the sweep that is running). */
export const scheduleSweep = (db: Db, at: Date, except = '') => enqueueUnlessQueued(db, SWEEP_JOB, at, except);

/** The store hook of a tracked kind: the object as stored, with its indicator (or without one). */
export async function track(kind: TrackedKind, obj: Obj, db: Db): Promise<Obj> {
  // most writes are of objects no objective can cover (approved, draft…) and that carry no indicator: no query
  if (!('sli' in obj) && !SLO_TARGETS[kind.entityType].some((t) => t.status === kind.status(obj))) return obj;
  const owner = kind.owner(obj);
  const { rows } = await sql<{ sla: Sla | null; sli: Sli | null }>`select
    (select data from slas where account_id = ${owner} and entity_type = ${kind.entityType} and active) as sla,
    (select data from slis where entity_id = ${obj.id}) as sli`.execute(db);
  const { sla, sli } = rows[0];
  const slo = sloFor(sla ?? undefined, kind.status(obj));
  if (sli && sli.slo.id !== slo?.id) await sql`delete from slis where id = ${sli.id}`.execute(db);
  if (!sla || !slo) {
    if (!('sli' in obj)) return obj;
    const { sli: _gone, ...rest } = obj;
    return rest;
  }
  const now = new Date();
  const kept = sli && sli.slo.id === slo.id ? sli : undefined;
  const start = kept ? new Date(kept.start_date) : now;
  const { state, short } = indicatorAt(slo, start, now);
  const next: Sli = {
    id: kept?.id ?? newId('SLI', 3, 3),
    slo: { ...slo, sla: { id: sla.id, entity_type: sla.entity_type } },
    entity_id: obj.id,
    zone: short.zone,
    days: short.days,
    start_date: start.toISOString(),
    ...(short.until && { until: short.until }),
    events: kept
      ? { ...kept.events, updated: { at: now.toISOString() } }
      : { created: { at: now.toISOString() }, updated: { at: now.toISOString() } },
  };
  if (kept) await updateObject(slis, next, db, extra(owner, state));
  else {
    await insertObject(slis, next, db, extra(owner, state));
    await scheduleSweep(db, earliest(state));
  }
  return { ...obj, sli: short };
}

/** When an indicator needs the sweep next. */
export const earliest = (state: ReturnType<typeof sliAt>) =>
  state.terminateAt && state.terminateAt < state.next ? state.terminateAt : state.next;

/**
 * Write an indicator's new state, and its short form on the object, without touching the object's other fields. An
 * object no longer waiting in the indicator's status (a flow that stored it from a copy without its `sli`) ends the
 * indicator instead; null then.
 */
export async function moveIndicator(db: Db, kind: TrackedKind, accountId: string, sli: Sli, slo: Slo, now: Date) {
  const { state, short } = indicatorAt(slo, new Date(sli.start_date), now);
  const next: Sli = {
    ...sli,
    slo: { ...slo, sla: sli.slo.sla },
    zone: short.zone,
    days: short.days,
    events: { ...sli.events, updated: { at: now.toISOString() } },
  };
  if (short.until) next.until = short.until;
  else delete next.until;
  const moved = await sql`update ${sql.table(kind.table)}
    set data = jsonb_set(data, '{sli}', ${JSON.stringify(short)}::jsonb)
    where id = ${sli.entity_id} and ${sql.ref(kind.statusColumn)} = ${sli.slo.target_status}`.execute(db);
  if (!Number(moved.numAffectedRows)) {
    await sql`delete from slis where id = ${sli.id}`.execute(db);
    return null;
  }
  await updateObject(slis, next, db, extra(accountId, state));
  return state;
}

/** End the indicators of an SLA (disabled): the objects no longer carry a zone. */
export async function endIndicators(db: Db, kind: TrackedKind, slaId: string) {
  await sql`update ${sql.table(kind.table)} set data = data - 'sli'
    where id in (select entity_id from slis where sla_id = ${slaId})`.execute(db);
  await sql`delete from slis where sla_id = ${slaId}`.execute(db);
}

/** The indicators of an SLA, as stored. */
export async function indicatorsOf(db: Db, slaId: string): Promise<Sli[]> {
  const { rows } = await sql<{ data: Sli }>`select data from slis where sla_id = ${slaId} order by id`.execute(db);
  return rows.map((r) => r.data);
}
