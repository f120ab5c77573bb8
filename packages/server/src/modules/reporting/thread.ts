import type { ReportDefinition, ReportSource } from './definition.ts';
import { PAGE, type FromWorker, type ToWorker, type WorkerJob } from './protocol.ts';

// The side of a report that runs away from the server (a worker thread, or the sandbox's process): runs one
// template's code and writes its file. It has no database: every object comes from the server, read as the
// requester may read it. The server ends it when it runs too long or out of memory (runner.ts), so a template that
// never ends or eats memory fails its report, not the server.

export interface Port {
  post(m: FromWorker): void;
  onMessage(handler: (m: ToWorker) => void): void;
}

type Question = Extract<FromWorker, { id: number }>;
type Asked = Question extends infer Q ? (Q extends Question ? Omit<Q, 'id'> : never) : never;

/** Answers the server's run with `load`'s definition; `memory` says whether an error was the code's memory. */
export function serveReports(
  port: Port,
  load: (job: WorkerJob) => Promise<ReportDefinition>,
  memory = (_e: unknown) => false,
) {
  const waiting = new Map<number, { ok: (v: any) => void; fail: (e: Error) => void }>();
  let nextId = 0;

  function ask<R>(m: Asked): Promise<R> {
    const id = nextId++;
    return new Promise<R>((ok, fail) => {
      waiting.set(id, { ok, fail });
      port.post({ ...m, id } as FromWorker);
    });
  }

  function sourceOf(job: WorkerJob): ReportSource {
    let progressSet = false;
    const progress = (value: number, max: number) => port.post({ type: 'progress', value, max });
    return {
      account: job.account,
      parameters: job.parameters,
      progress,
      async *list(resource, rql = '', params = {}) {
        // the first collection read measures the report's progress
        const measured = !progressSet;
        progressSet = true;
        for (let offset = 0; ;) {
          const page = await ask<{ items: any[]; total: number }>({ type: 'list', resource, rql, params, offset });
          yield* page.items;
          offset += page.items.length;
          if (measured) progress(Math.min(offset, page.total), page.total);
          if (page.items.length < PAGE || offset >= page.total) return;
        }
      },
      tokenCalls: (ids) => ask({ type: 'calls', ids }),
    };
  }

  async function run(job: WorkerJob): Promise<number> {
    const def = await load(job);
    // the writers (exceljs) load only for a run: a check needs none
    const { openWriter } = await import('./renderers.ts');
    const out = await openWriter(job.renderer, job.path, def.columns);
    let rows = 0;
    for await (const row of def.rows(sourceOf(job))) {
      await out.write(row);
      rows++;
    }
    await out.end();
    return rows;
  }

  port.onMessage((m) => {
    const failed = (e: unknown) =>
      port.post({ type: 'failed', message: e instanceof Error ? e.message : String(e), memory: memory(e) });
    if (m.type === 'run') return void run(m.job).then((rows) => port.post({ type: 'done', rows }), failed);
    if (m.type === 'check')
      return void load(m.job).then(
        (def) => port.post({ type: 'done', rows: 0, columns: def.columns.map((c) => c.title) }),
        failed,
      );
    if (m.type !== 'answer') return;
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error !== undefined) w.fail(new Error(m.error));
    else w.ok(m.result);
  });
}
