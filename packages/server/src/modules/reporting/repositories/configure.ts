import { sql, type Kysely } from 'kysely';
import type { ReportTemplate, ReportsRepository } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import type { JobHandler } from '../../../jobs/queue.ts';
import { accountCtx } from '../../identity/public.ts';
import { insertStamped, saveStamped } from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import { templateObject } from '../registry.ts';
import { checkInProcess } from '../runner.ts';
import { settingsOf } from '../settings.ts';
import { reportRepositories, reportTemplates } from '../templates.ts';
import { readManifest, type ManifestReport, type RepositoryManifest } from './manifest.ts';
import { versionFiles } from './versions.ts';

// A repository's configuration (queued by an upload or a switch of tag): each report's code is loaded in the
// sandbox, as a run would load it; then, if all load, the repository is `ready` with a template per report (a report
// keeps its template id from version to version, and a template its owner disabled stays disabled), else `failed`
// with the notes saying what is wrong. A newer upload made meanwhile wins: this run then changes nothing.

export const CONFIGURE_JOB = 'reporting.configure';

/** How long loading one report's code may take while it is checked. */
const CHECK_TIMEOUT_MS = 20_000;

async function current(db: Kysely<DB>, id: string) {
  const { rows } = await sql<{ data: ReportsRepository; account_id: string }>`select data, account_id
    from report_repositories where id = ${id}`.execute(db);
  return rows[0];
}

/** Why the reports' code does not load, if it does not. */
async function checkCode(
  db: Kysely<DB>,
  repo: ReportsRepository,
  files: Record<string, string>,
  m: RepositoryManifest,
) {
  const problems: string[] = [];
  const { memoryMb } = settingsOf(db);
  for (const r of m.reports) {
    try {
      await checkInProcess(
        {
          code: { files, entrypoint: r.entrypoint },
          memoryMb,
          renderer: r.default_renderer,
          path: '',
          account: { id: repo.owner.id, name: repo.owner.name, type: 'vendor' },
          parameters: {},
        },
        { timeoutMs: CHECK_TIMEOUT_MS, memoryMb },
      );
    } catch (e) {
      problems.push(`${r.entrypoint}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  return problems;
}

function templateOf(repo: ReportsRepository, r: ManifestReport, id: string, at: string): ReportTemplate {
  return templateObject(
    {
      ...r,
      id,
      upload: { entrypoint: r.entrypoint, tag: repo.git.tag },
      repository: { id: repo.id, name: repo.name, repository_type: 'custom', git: repo.git },
      owner: repo.owner,
    },
    at,
  );
}

export const configureRepositoryJob: JobHandler = async (db, payload: { id: string }) => {
  const before = await current(db, payload.id);
  if (!before || before.data.status !== 'configuring') return;
  const repo = before.data;
  const files = await versionFiles(db, repo.id, repo.git.tag);
  const manifest = files ? readManifest(files) : { problems: [`The upload of ${repo.git.tag} is no longer there.`] };
  const problems = 'problems' in manifest ? manifest.problems : await checkCode(db, repo, files!, manifest);

  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ data: ReportsRepository }>`select data from report_repositories
      where id = ${repo.id} for update`.execute(trx);
    const now = rows[0]?.data;
    // deleted, or uploaded again meanwhile: that upload's own configuration decides
    if (!now || now.status !== 'configuring' || now.git.commit !== repo.git.commit || now.git.tag !== repo.git.tag)
      return;
    const ctx = await accountCtx(trx, before.account_id);
    if (!ctx) return;
    if (problems.length || 'problems' in manifest) {
      const failed = { ...now, status: 'failed' as const, notes: problems.join('\n').slice(0, 2048) };
      await saveStamped(reportRepositories, ctx, now, failed, 'fail', trx);
      return;
    }
    const at = new Date().toISOString();
    const { rows: existing } = await sql<{ data: ReportTemplate }>`select data from report_templates
      where repository_id = ${repo.id} for update`.execute(trx);
    const byLocal = new Map(existing.map((t) => [t.data.local_id, t.data]));
    for (const r of manifest.reports) {
      const old = byLocal.get(r.local_id);
      byLocal.delete(r.local_id);
      const next = templateOf(now, r, old?.id ?? newId('TP', 2, 3), at);
      if (!old) {
        await insertStamped(reportTemplates, ctx, next, trx);
        continue;
      }
      const status: ReportTemplate['status'] = old.status === 'disabled' ? 'disabled' : 'enabled';
      await saveStamped(reportTemplates, ctx, old, { ...next, status, events: old.events }, 'update', trx);
    }
    // reports gone from the manifest take their templates with them (their reports stay)
    for (const gone of byLocal.values()) await sql`delete from report_templates where id = ${gone.id}`.execute(trx);
    const ready: ReportsRepository = {
      ...now,
      status: 'ready',
      notes: null,
      name: manifest.name,
      description: manifest.description,
      version: manifest.version,
      stats: { templates_count: manifest.reports.length },
    };
    await saveStamped(reportRepositories, ctx, now, ready, 'ready', trx);
  });
};
