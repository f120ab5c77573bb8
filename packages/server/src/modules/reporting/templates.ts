import { sql, type Kysely } from 'kysely';
import {
  SYSTEM_OWNER,
  reportRepositoryResource,
  reportTemplateResource,
  type ReportTemplate,
  type ReportsRepository,
} from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { rowFor, type Served } from '../../resources/engine.ts';
import { BUILTIN_REPOSITORY, NO_RUNS, builtinTemplates, templateObject } from './registry.ts';
import { reportRepositoryTable, reportTemplateTable } from './tables.ts';

// Repositories and templates as resources: the built-in ones every account reads (each side the templates its
// audience names), written from the code's registry when the app starts, keeping their status; an account's own
// uploaded ones (repositories/) only that account.

export const reportTemplates: Served<ReportTemplate> = {
  decl: reportTemplateResource,
  table: reportTemplateTable,
  columns: { 'events.updated.at': 'updated_at' },
  owner: (t) => t.owner.id,
  // the built-in templates (no owner) and the account's own repositories', each side those its audience names
  scope: (ctx) =>
    sql<boolean>`(t.account_id is null or t.account_id = ${ctx.account.id}) and ${
      ctx.account.type === 'vendor' ? sql`t.audience_vendor` : sql`t.audience_provider`
    }`,
  // the stats are the caller's account's own runs: another account's use of a template is none of its business
  presentMany: async (templates, ctx, _include, db) => {
    if (!templates.length) return templates;
    const { rows } = await sql<StatsRow>`select template_id,
        count(*) as total,
        count(*) filter (where created_at >= date_trunc('month', now())) as monthly,
        count(*) filter (where status = 'succeeded') as success,
        count(*) filter (where status = 'failed') as failure,
        count(*) filter (where timeout) as timeout,
        min(extract(epoch from terminated_at - started_at)) as run_min,
        max(extract(epoch from terminated_at - started_at)) as run_max,
        avg(extract(epoch from terminated_at - started_at)) as run_avg,
        min(extract(epoch from started_at - created_at)) as wait_min,
        max(extract(epoch from started_at - created_at)) as wait_max,
        avg(extract(epoch from started_at - created_at)) as wait_avg
      from reports where account_id = ${ctx.account.id} and template_id in (${sql.join(templates.map((t) => t.id))})
      group by template_id`.execute(db);
    const byId = new Map(rows.map((r) => [r.template_id, r]));
    return templates.map((t) => ({ ...t, stats: statsOf(byId.get(t.id)) }));
  },
};

interface StatsRow {
  template_id: string;
  [k: string]: string | number | null;
}

const whole = (v: string | number | null | undefined) => Math.round(Number(v ?? 0));

function statsOf(r: StatsRow | undefined): ReportTemplate['stats'] {
  if (!r) return NO_RUNS;
  return {
    total_executions: whole(r.total),
    monthly_executions: whole(r.monthly),
    runtime_min: whole(r.run_min),
    runtime_max: whole(r.run_max),
    runtime_avg: whole(r.run_avg),
    wait_min: whole(r.wait_min),
    wait_max: whole(r.wait_max),
    wait_avg: whole(r.wait_avg),
    success: whole(r.success),
    failure: whole(r.failure),
    timeout: whole(r.timeout),
  };
}

export const reportRepositories: Served<ReportsRepository> = {
  decl: reportRepositoryResource,
  table: reportRepositoryTable,
  columns: { 'events.updated.at': 'updated_at' },
  owner: (r) => r.owner.id,
  // the built-in repository (no owner) and the account's own
  scope: (ctx) => sql<boolean>`(t.account_id is null or t.account_id = ${ctx.account.id})`,

  /** Its templates go with it (their reports stay); not while a schedule runs one of them. */
  async remove(_ctx, repo, _params, trx) {
    const { rows } = await sql<{ id: string; name: string }>`select s.id, s.name from report_schedules s
      join report_templates t on t.id = s.template_id where t.repository_id = ${repo.id}`.execute(trx);
    if (rows.length)
      throw ApiError.conflict(
        `${repo.name ?? repo.id} has templates that schedules run (${rows.map((r) => `${r.name} (${r.id})`).join(', ')}); delete those schedules first.`,
      );
    await sql`delete from report_templates where repository_id = ${repo.id}`.execute(trx);
  },
};

function repositoryObject(at: string): ReportsRepository {
  return {
    id: BUILTIN_REPOSITORY.id,
    name: BUILTIN_REPOSITORY.name,
    description: BUILTIN_REPOSITORY.description,
    version: BUILTIN_REPOSITORY.version,
    language: null,
    repository_type: 'system',
    revision: 1,
    git: BUILTIN_REPOSITORY.git,
    status: 'ready',
    notes: null,
    tags: [BUILTIN_REPOSITORY.git.tag],
    stats: { templates_count: builtinTemplates().length },
    owner: { ...SYSTEM_OWNER },
    events: { created: { at } },
  };
}

/** Upserts a row, keeping `keep` (a status set through the API) from the stored one. */
async function upsert(db: Kysely<DB>, res: Served<any>, obj: object, keep: string[]) {
  const cols: Record<string, unknown> = { ...rowFor(res, obj), data: JSON.stringify(obj) };
  const names = Object.keys(cols);
  const kept = sql.raw(keep.map((k) => `'${k}', t.${k}`).join(', '));
  const table = sql.table((res.table as { name: string }).name);
  const updates = names
    .filter((n) => n !== 'id' && n !== 'created_at' && !keep.includes(n))
    .map((n) =>
      n === 'data'
        ? sql`data = excluded.data || jsonb_build_object(${kept})`
        : sql`${sql.ref(n)} = excluded.${sql.ref(n)}`,
    );
  await sql`insert into ${table} as t (${sql.join(names.map((n) => sql.ref(n)))})
    values (${sql.join(names.map((n) => (n === 'data' ? sql`${cols[n]}::jsonb` : sql`${cols[n]}`)))})
    on conflict (id) do update set ${sql.join(updates)}`.execute(db);
}

/** Writes the built-in repository and templates (at start); statuses set through the API stay. */
export async function syncBuiltins(db: Kysely<DB>) {
  const at = new Date().toISOString();
  await upsert(db, reportRepositories, repositoryObject(at), []);
  for (const def of builtinTemplates()) await upsert(db, reportTemplates, templateObject(def, at), ['status']);
}
