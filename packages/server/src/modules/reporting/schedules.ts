import { Cron } from 'croner';
import { sql } from 'kysely';
import {
  cronOf,
  reportScheduleResource,
  type ReportSchedule,
  type ReportScheduleCreate,
  type ReportScheduleUpdate,
  type ScheduleTrigger,
} from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { enqueueUnlessQueued, type JobHandler } from '../../jobs/queue.ts';
import { updateObject, type Db, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { activeContacts } from '../identity/public.ts';
import { checkRun, insertReport, reportOf, requesterOf, templateRefOf, type Requester } from './reports.ts';
import { reportScheduleTable } from './tables.ts';

// Report schedules (reference /reporting/schedules): the account's own. Each holds when it runs next
// (`events.next_execution.at`, from its trigger's cron expression, computed with croner in UTC); a sweep job, queued
// for the earliest next run, makes each due schedule's report as the user who made the schedule and moves it on.
// Its `recipients` are active users of its account when named (one already on it may stay after leaving); each gets a
// mail when a run's report has finished (schedule-mail.ts).

export const SCHEDULE_JOB = 'reporting.schedules';

/** The first time after `from` the trigger fires (UTC); null when it never does again. */
export function nextRun(trigger: ScheduleTrigger, from = new Date()): string | null {
  const next = new Cron(cronOf(trigger), { timezone: 'UTC', paused: true }).nextRun(from);
  return next ? next.toISOString() : null;
}

const withNext = (s: ReportSchedule, at: string | null): ReportSchedule => {
  const { next_execution: _gone, ...events } = s.events;
  return { ...s, events: at ? { ...events, next_execution: { at } } : events };
};

/**
 * The recipients named, with their names and e-mails: each an active user of the account, or one the schedule names
 * already (`kept`, who may have left since). Anybody else, another account's user too, is one and the same 400.
 */
async function recipientsOf(
  db: Db,
  accountId: string,
  input: readonly { id: string }[],
  kept: NonNullable<ReportSchedule['recipients']> = [],
): Promise<NonNullable<ReportSchedule['recipients']>> {
  const ids = [...new Set(input.map((r) => r.id))];
  const active = new Map((await activeContacts(db, [accountId], ids)).map((u) => [u.id, u]));
  const before = new Map(kept.map((r) => [r.id, r]));
  const unknown = ids.find((id) => !active.has(id) && !before.has(id));
  if (unknown) throw ApiError.field('recipients', `${unknown} is not an active user of your account.`);
  return ids.map((id) => {
    const u = active.get(id);
    return u ? { id, name: u.name, email: u.email } : before.get(id)!;
  });
}

/** Makes sure the sweep runs by the schedule's next run. */
async function wake(db: Db, s: ReportSchedule) {
  const at = s.events.next_execution?.at;
  if (at) await enqueueUnlessQueued(db, SCHEDULE_JOB, new Date(at));
}

/** A run of the schedule now, as `ctx` (the caller of trigger, or the schedule's maker): a new pending report. */
async function runOnce(db: Parameters<typeof insertReport>[0], ctx: Ctx, requester: Requester, s: ReportSchedule) {
  const { def, values } = await checkRun(db, ctx, s.template.id, s.parameters ?? {});
  const at = new Date().toISOString();
  const name = `${s.name} from ${at.slice(0, 19).replace('T', ' ')} (UTC)`;
  const report = reportOf(ctx, def, values, s.renderer, name.slice(0, 512), s.description ?? null, {
    id: s.id,
    name: s.name,
  });
  await insertReport(db, ctx, requester, report);
  return {
    ...s,
    events: { ...s.events, last_execution: { at } },
    stats: { ...s.stats, total_executions: s.stats.total_executions + 1 },
  };
}

export const reportSchedules: Served<ReportSchedule> = {
  decl: reportScheduleResource,
  table: reportScheduleTable,
  columns: { 'events.updated.at': 'updated_at' },
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,

  async create(ctx, input: ReportScheduleCreate, _params, trx) {
    const { def, values } = await checkRun(trx, ctx, input.template.id, input.parameters, input.renderer);
    const schedule: ReportSchedule = {
      id: newId('RS', 4, 4),
      name: input.name,
      description: input.description ?? null,
      notes: null,
      status: 'enabled',
      template: templateRefOf(def),
      trigger: input.trigger,
      parameters: values,
      renderer: input.renderer ?? def.default_renderer,
      owner: { id: ctx.account.id, name: ctx.account.name },
      stats: { total_executions: 0, average_execution_time: 0 },
      recipients: await recipientsOf(trx, ctx.account.id, input.recipients ?? []),
      events: {},
    };
    return {
      object: withNext(schedule, nextRun(input.trigger)),
      extra: { requester: JSON.stringify(requesterOf(ctx)) },
    };
  },

  async afterCreate(_ctx, s, trx) {
    await wake(trx, s);
    return s;
  },

  async update(ctx, current, input: ReportScheduleUpdate, _params, trx) {
    const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    let next: ReportSchedule = { ...current, ...given } as ReportSchedule;
    if (input.parameters !== undefined || input.renderer !== undefined) {
      const parameters = input.parameters ?? current.parameters ?? {};
      next.parameters = (await checkRun(trx, ctx, current.template.id, parameters, next.renderer)).values;
    }
    if (input.recipients !== undefined)
      next.recipients = await recipientsOf(trx, current.owner.id, input.recipients, current.recipients);
    if (next.status === 'enabled') next = withNext(next, nextRun(next.trigger));
    await wake(trx, next);
    return next;
  },

  actions: {
    async enable(_ctx, current, _body, _params, trx) {
      const next = withNext(current, nextRun(current.trigger));
      await wake(trx, next);
      return next;
    },
    async disable(_ctx, current, body: { notes?: string }) {
      return { ...withNext(current, null), notes: body.notes ?? current.notes ?? null };
    },
    async trigger(ctx, current, _body, _params, trx) {
      return runOnce(trx, ctx, requesterOf(ctx), current);
    },
  },
};

/** Makes the report of every due schedule, as its maker, and moves each to its next run. */
export const runSchedulesJob: JobHandler = async (db, _payload, job) => {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ data: ReportSchedule; requester: Requester }>`select data, requester
      from report_schedules where status = 'enabled' and next_at <= now()
      order by next_at limit 100 for update skip locked`.execute(trx);
    for (const row of rows) {
      const ctx: Ctx = { ...row.requester, session: null, ip: '127.0.0.1' };
      let s = row.data;
      try {
        s = await runOnce(trx, ctx, row.requester, s);
      } catch (e) {
        // a template disabled or gone since: this run is skipped, the schedule says why
        s = { ...s, notes: `Run skipped: ${e instanceof Error ? e.message : String(e)}`.slice(0, 2048) };
      }
      await updateObject(reportSchedules, withNext(s, nextRun(s.trigger)), trx);
    }
  });
  const { rows } = await sql<{ at: Date | string | null }>`select min(next_at) as at from report_schedules
    where status = 'enabled'`.execute(db);
  if (rows[0]?.at) await enqueueUnlessQueued(db, SCHEDULE_JOB, new Date(rows[0].at), job.id);
};
