import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Report } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { fileStoreOf, newFileKey } from '../../files/index.ts';
import { systemCtx, type Ctx } from '../../http/context.ts';
import { enqueueUnlessQueued, type JobHandler } from '../../jobs/queue.ts';
import { listObjects, parseQuery, saveStamped, updateObject } from '../../resources/engine.ts';
import { servedResources } from '../../resources/routes.ts';
import { findTemplate, type TemplateDef } from './registry.ts';
import { versionFiles } from './repositories/versions.ts';
import { RENDERER_TYPES } from './renderers.ts';
import { reports, type Requester } from './reports.ts';
import { PAGE } from './protocol.ts';
import type { ReportCode } from './protocol.ts';
import { ReportFailure, runInProcess, runInWorker } from './runner.ts';
import { mailScheduleRecipients } from './schedule-mail.ts';
import { settingsOf } from './settings.ts';

// The report's run (queued by its creation): pending → running, the template run in its thread as the requester,
// the file stored, then succeeded or failed with the reason. And the sweep that deletes files past retention.

export const EXPIRE_JOB = 'reporting.expire';
const DAY = 86_400_000;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 500;

const ctxOf = (r: Requester): Ctx => ({ ...r, session: null, ip: '127.0.0.1' });

/** A page of a served collection as the requester reads it (the engine applies its visibility and module). */
async function listAs(
  db: Kysely<DB>,
  ctx: Ctx,
  resource: string,
  rql: string,
  params: Record<string, string>,
  offset: number,
) {
  // by the resource's name (built-in templates) or its API path (uploaded ones: '/subscriptions/assets')
  const res = [...servedResources].find((r) => r.decl.name === resource || r.decl.path === resource);
  if (!res) throw new Error(`No collection ${resource}.`);
  const query = parseQuery(rql);
  const { items, total } = await listObjects(res, ctx, params, { ...query, limit: PAGE, offset }, db);
  return { items, total };
}

/** Calls made with these tokens, counted only among the requester's account's own tokens. */
async function tokenCalls(db: Kysely<DB>, ctx: Ctx, ids: string[]) {
  if (!ids.length) return {};
  const { rows } = await sql<{ token_id: string; total: string; last: Date | string | null }>`
    select token_id, sum(calls)::bigint as total, max(hour) as last from token_calls
    where account_id = ${ctx.account.id} and token_id in (${sql.join(ids)}) group by token_id`.execute(db);
  return Object.fromEntries(
    rows.map((r) => [r.token_id, { total: Number(r.total), last: r.last ? new Date(r.last).toISOString() : null }]),
  );
}

/** Claims the report (pending → running) under its row lock; null when it is not pending (run already). */
async function start(db: Kysely<DB>, id: string, timeoutMs: number) {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ data: Report; requester: Requester }>`select data, requester from reports
      where id = ${id} for update`.execute(trx);
    const row = rows[0];
    if (!row) return null;
    const ctx = systemCtx(row.requester.account);
    const started = row.data.events.started?.at;
    // a run whose server stopped: its lease ran out and the job came back
    if (row.data.status === 'running' && started && Date.parse(started) + timeoutMs * 2 < Date.now()) {
      const failed = {
        ...row.data,
        status: 'failed' as const,
        failure_output: 'The server stopped while the report ran.',
      };
      const saved = await saveStamped(reports, ctx, row.data, failed, 'fail', trx, 'terminated');
      await mailScheduleRecipients(trx, saved, settingsOf(db).publicUrl);
      return null;
    }
    if (row.data.status !== 'pending') return null;
    const running: Report = { ...row.data, status: 'running', progress: { value: 0, max: 0 } };
    const saved = await saveStamped(reports, ctx, row.data, running, 'start', trx, 'started');
    return { report: saved, requester: row.requester };
  });
}

/**
 * Ends the run under the report's row lock: succeeded with its file, or failed. A schedule's report mails the
 * schedule's recipients in the same transaction, once: only on the step out of running.
 */
async function finish(db: Kysely<DB>, id: string, change: Partial<Report>, fileKey: string | null = null) {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ data: Report; requester: Requester }>`select data, requester from reports
      where id = ${id} for update`.execute(trx);
    if (!rows[0]) return; // deleted meanwhile
    const ctx = systemCtx(rows[0].requester.account);
    const before = rows[0].data;
    const after = { ...before, ...change };
    const saved = await saveStamped(reports, ctx, before, after, change.status ?? 'update', trx, 'terminated');
    if (fileKey) await updateObject(reports, saved, trx, { file_key: fileKey });
    if (before.status === 'running') await mailScheduleRecipients(trx, saved, settingsOf(db).publicUrl);
  });
}

/** A built-in template's module, or an uploaded one's files at the repository's tag. */
async function codeOf(db: Kysely<DB>, def: TemplateDef): Promise<ReportCode> {
  if (def.module) return { module: def.module };
  const files = def.upload && (await versionFiles(db, def.repository.id, def.upload.tag));
  if (!files) throw new ReportFailure(`The code of ${def.name} (${def.repository.git.tag}) is no longer there.`);
  return { files, entrypoint: def.upload!.entrypoint };
}

export const runReportJob: JobHandler = async (db, payload: { id: string }) => {
  const settings = settingsOf(db);
  const claimed = await start(db, payload.id, settings.timeoutMs);
  if (!claimed) return;
  const { report, requester } = claimed;
  const ctx = ctxOf(requester);
  const def = await findTemplate(db, report.template.id);
  const type = RENDERER_TYPES[report.renderer];
  const path = join(tmpdir(), `trellis-${report.id}-${process.pid}.${type.ext}`);
  const began = Date.now();
  let lastProgress = 0;
  let writing = Promise.resolve();
  try {
    if (!def) throw new ReportFailure(`Template ${report.template.id} no longer exists.`);
    const code = await codeOf(db, def);
    const { rows } = await (def.module ? runInWorker : runInProcess)(
      {
        code,
        memoryMb: settings.memoryMb,
        renderer: report.renderer,
        path,
        account: requester.account,
        parameters: (report.parameters ?? {}) as never,
      },
      {
        list: (resource, rql, params, offset) => listAs(db, ctx, resource, rql, params, offset),
        calls: (ids) => tokenCalls(db, ctx, ids),
        progress(value, max) {
          if (Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
          lastProgress = Date.now();
          writing = writing.then(() =>
            sql`update reports set data = jsonb_set(data, '{progress}', ${JSON.stringify({ value, max })}::jsonb)
              where id = ${report.id} and status = 'running'`
              .execute(db)
              .then(() => undefined),
          );
        },
      },
      settings,
    );
    await writing;
    const key = newFileKey(type.ext);
    const name = `${report.name}.${type.ext}`;
    const size = await fileStoreOf(db).putStream(key, createReadStream(path), { contentType: type.contentType, name });
    await finish(
      db,
      report.id,
      {
        status: 'succeeded',
        progress: { value: rows, max: rows },
        report_size: size,
        report_file: `${report.id}.${type.ext}`,
        report_extension: type.ext,
        timing: { run: `${((Date.now() - began) / 1000).toFixed(1)}s` },
      },
      key,
    );
    await enqueueUnlessQueued(db, EXPIRE_JOB, new Date(Date.now() + settings.retentionDays * DAY));
  } catch (e) {
    await writing.catch(() => undefined);
    const failure = e instanceof ReportFailure ? e : new ReportFailure(e instanceof Error ? e.message : String(e));
    await finish(db, report.id, {
      status: 'failed',
      failure_output: failure.message.slice(0, 4096),
      timeout: failure.timeout,
    });
  } finally {
    await rm(path, { force: true });
  }
};

/** Deletes the files of reports past retention and marks them expired; runs again when the next one is due. */
export const expireReportsJob: JobHandler = async (db, _payload, job) => {
  const { retentionDays } = settingsOf(db);
  const cutoff = new Date(Date.now() - retentionDays * DAY).toISOString();
  const store = fileStoreOf(db);
  const { rows } = await sql<{ id: string; file_key: string; data: Report }>`select id, file_key, data from reports
    where file_key is not null and terminated_at < ${cutoff}`.execute(db);
  for (const r of rows) {
    await store.delete(r.file_key).catch(() => undefined);
    await updateObject(reports, { ...r.data, expired: true }, db, { file_key: null });
  }
  const { rows: next } = await sql<{ at: Date | string | null }>`select min(terminated_at) as at from reports
    where file_key is not null`.execute(db);
  if (next[0]?.at)
    await enqueueUnlessQueued(
      db,
      EXPIRE_JOB,
      new Date(new Date(next[0].at).getTime() + retentionDays * DAY + 1000),
      job.id,
    );
};
