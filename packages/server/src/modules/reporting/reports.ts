import { sql } from 'kysely';
import { ErrorCode, checkParameters, reportResource, type Report, type ReportCreate } from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { enqueue } from '../../jobs/queue.ts';
import { DEFAULT_RENDERER, templateDef } from './registry.ts';
import { reportTable } from './tables.ts';

// Reports (reference /reporting/reports): the requester's account's alone (another account's report is a 404).
// Creating one checks the template (one the caller's side may run, enabled), the renderer and every parameter
// value, then queues the run (jobs.ts) in the same transaction.

export const RUN_JOB = 'reporting.run';

/** What the job needs to read as the requester did: never returned, kept in the row's `requester` column. */
export type Requester = Pick<Ctx, 'account' | 'user' | 'token' | 'modules' | 'impersonator'>;

export const reports: Served<Report> = {
  decl: reportResource,
  table: reportTable,
  columns: { 'events.updated.at': 'updated_at' },
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,

  async create(ctx, input: ReportCreate, _params, trx) {
    const def = templateDef(input.template.id);
    // a template of the other side is as unknown as one that does not exist
    if (!def || !def.audience[ctx.account.type])
      throw ApiError.field('template.id', `There is no report template ${input.template.id}.`);
    const { rows } = await sql<{ status: string }>`select status from report_templates
      where id = ${def.id}`.execute(trx);
    if (rows[0] && rows[0].status !== 'enabled')
      throw ApiError.field('template.id', `Template ${def.name} is ${rows[0].status}; no reports are made from it.`);
    const { values, errors } = checkParameters(def.parameters, input.parameters);
    if (errors.length) throw new ApiError(400, ErrorCode.validation, errors);
    const requester: Requester = {
      account: ctx.account,
      user: ctx.user,
      token: ctx.token,
      modules: ctx.modules,
      impersonator: ctx.impersonator ?? null,
    };
    const report: Report = {
      id: newId('RP', 4, 4),
      name: input.name,
      description: input.description ?? null,
      template: {
        id: def.id,
        name: def.name,
        local_id: def.local_id,
        description: def.description,
        type: 'system',
        specs_version: '2',
        revision: 1,
        entrypoint: `reports.${def.local_id}.entrypoint.generate`,
        repository: { id: 'RR-000-001', name: 'Trellis reports' },
      },
      parameters: values,
      renderer: input.renderer ?? DEFAULT_RENDERER,
      status: 'pending',
      owner: { id: ctx.account.id, name: ctx.account.name },
      schedule: null,
      progress: { value: 0, max: 0 },
      failure_output: null,
      timeout: false,
      events: {},
    };
    return { object: report, extra: { requester: JSON.stringify(requester) } };
  },

  async afterCreate(ctx, report, trx) {
    await enqueue(trx, RUN_JOB, { id: report.id }, { accountId: ctx.account.id });
    return report;
  },
};
