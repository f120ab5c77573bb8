import { parentPort } from 'node:worker_threads';
import type { ReportDefinition, ReportSource } from './definition.ts';
import { PAGE, type FromWorker, type ToWorker, type WorkerJob } from './protocol.ts';
import { openWriter } from './renderers.ts';

// The report thread: runs one template's code and writes its file. It has no database: every object comes from the
// server's thread, read as the requester may read it. The server ends the thread when it runs too long or out of
// its memory (runner.ts), so a template that never ends or eats memory fails its report, not the server.

const port = parentPort!;
const post = (m: FromWorker) => port.postMessage(m);
const waiting = new Map<number, { ok: (v: any) => void; fail: (e: Error) => void }>();
let nextId = 0;

type Question = Extract<FromWorker, { id: number }>;
type Asked = Question extends infer Q ? (Q extends Question ? Omit<Q, 'id'> : never) : never;

function ask<R>(m: Asked): Promise<R> {
  const id = nextId++;
  return new Promise<R>((ok, fail) => {
    waiting.set(id, { ok, fail });
    post({ ...m, id } as FromWorker);
  });
}

function sourceOf(job: WorkerJob): ReportSource {
  let progressSet = false;
  const progress = (value: number, max: number) => post({ type: 'progress', value, max });
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
  const def = ((await import(job.module)) as { default: ReportDefinition }).default;
  const out = await openWriter(job.renderer, job.path, def.columns);
  let rows = 0;
  for await (const row of def.rows(sourceOf(job))) {
    await out.write(row);
    rows++;
  }
  await out.end();
  return rows;
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'run') {
    run(m.job).then(
      (rows) => post({ type: 'done', rows }),
      (e) => post({ type: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return;
  }
  const w = waiting.get(m.id);
  if (!w) return;
  waiting.delete(m.id);
  if (m.error !== undefined) w.fail(new Error(m.error));
  else w.ok(m.result);
});
