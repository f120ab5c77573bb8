import { sql, type Transaction } from 'kysely';
import {
  ErrorCode,
  checkParameters,
  reportResource,
  type RendererId,
  type Report,
  type ReportCreate,
  type ReportParameterValues,
} from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { insertStamped, type Db, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { enqueue } from '../../jobs/queue.ts';
import { findTemplate, type TemplateDef } from './registry.ts';
import { reportTable } from './tables.ts';

// Reports (reference /reporting/reports): the requester's account's alone (another account's report is a 404).
// Creating one checks the template (one the caller's side may run, enabled), the renderer and every parameter
// value, then queues the run (jobs.ts) in the same transaction.

export const RUN_JOB = 'reporting.run';

/** What the job needs to read as the requester did: never returned, kept in the row's `requester` column. */
export type Requester = Pick<Ctx, 'account' | 'user' | 'token' | 'modules' | 'impersonator'>;

export const requesterOf = (ctx: Ctx): Requester => ({
  account: ctx.account,
  user: ctx.user,
  token: ctx.token,
  modules: ctx.modules,
  impersonator: ctx.impersonator ?? null,
});

/**
 * The template (one the caller's side may run, enabled: a built-in one or one of the account's own repositories),
 * the renderer (one the template has) and every parameter value, checked; 400s name the field. Shared by reports
 * and schedules.
 */
export async function checkRun(db: Db, ctx: Ctx, templateId: string, parameters: unknown, renderer?: RendererId) {
  const def = await findTemplate(db, templateId);
  // a template of the other side, or of another account's repository, is as unknown as one that does not exist
  if (!def || !def.audience[ctx.account.type] || (def.upload && def.owner.id !== ctx.account.id))
    throw ApiError.field('template.id', `There is no report template ${templateId}.`);
  const { rows } = await sql<{ status: string }>`select status from report_templates
    where id = ${def.id}`.execute(db);
  if (rows[0] && rows[0].status !== 'enabled')
    throw ApiError.field('template.id', `Template ${def.name} is ${rows[0].status}; no reports are made from it.`);
  if (renderer && !def.renderers.includes(renderer))
    throw ApiError.field('renderer', `Template ${def.name} renders ${def.renderers.join(', ')}; choose one of them.`);
  const { values, errors } = checkParameters(def.parameters, parameters);
  if (errors.length) throw new ApiError(400, ErrorCode.validation, errors);
  return { def, values };
}

/** The template as a report or schedule refers to it. */
export const templateRefOf = (def: TemplateDef): Report['template'] => ({
  id: def.id,
  name: def.name,
  local_id: def.local_id,
  description: def.description,
  type: def.upload ? 'custom' : 'system',
  specs_version: '2',
  revision: 1,
  entrypoint: def.upload?.entrypoint ?? `reports.${def.local_id}.entrypoint.generate`,
  repository: {
    id: def.repository.id,
    name: def.repository.name ?? def.repository.id,
    git: { url: def.repository.git.url, tag: def.repository.git.tag },
  },
});

/** A new pending report of the caller's account. */
export function reportOf(
  ctx: Ctx,
  def: TemplateDef,
  values: ReportParameterValues,
  renderer: RendererId,
  name: string,
  description: string | null,
  schedule: Report['schedule'] = null,
): Report {
  return {
    id: newId('RP', 4, 4),
    name,
    description,
    template: templateRefOf(def),
    parameters: values,
    renderer,
    status: 'pending',
    owner: { id: ctx.account.id, name: ctx.account.name },
    schedule,
    progress: { value: 0, max: 0 },
    failure_output: null,
    timeout: false,
    events: {},
  };
}

/** Stores a report made by another flow (a schedule's run) and queues its run, in that flow's transaction. */
export async function insertReport(trx: Transaction<DB>, ctx: Ctx, requester: Requester, report: Report) {
  const stored = await insertStamped(reports, ctx, report, trx, { requester: JSON.stringify(requester) });
  await enqueue(trx, RUN_JOB, { id: stored.id }, { accountId: ctx.account.id });
  return stored;
}

export const reports: Served<Report> = {
  decl: reportResource,
  table: reportTable,
  columns: { 'events.updated.at': 'updated_at' },
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,

  async create(ctx, input: ReportCreate, _params, trx) {
    const { def, values } = await checkRun(trx, ctx, input.template.id, input.parameters, input.renderer);
    const report = reportOf(
      ctx,
      def,
      values,
      input.renderer ?? def.default_renderer,
      input.name,
      input.description ?? null,
    );
    return { object: report, extra: { requester: JSON.stringify(requesterOf(ctx)) } };
  },

  async afterCreate(ctx, report, trx) {
    await enqueue(trx, RUN_JOB, { id: report.id }, { accountId: ctx.account.id });
    return report;
  },
};
