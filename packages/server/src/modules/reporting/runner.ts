import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker, WorkerJob } from './protocol.ts';

// Runs one report in a thread of its own (worker.ts) with a time and a memory limit: the server's thread only
// answers the thread's reads (through the engine, as the requester) and records its progress. A report over its
// time is ended and fails as timed out; one over its memory fails too; either way the server goes on.

export interface Limits {
  timeoutMs: number;
  /** The thread's heap (old generation), MB. */
  memoryMb: number;
}

export interface RunnerHandlers {
  list(resource: string, rql: string, params: Record<string, string>, offset: number): Promise<unknown>;
  calls(ids: string[]): Promise<unknown>;
  progress(value: number, max: number): void;
}

export class ReportFailure extends Error {
  constructor(
    message: string,
    readonly timeout = false,
  ) {
    super(message);
  }
}

const minutes = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);

export function runInWorker(job: WorkerJob, on: RunnerHandlers, limits: Limits): Promise<{ rows: number }> {
  const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 16 },
  });
  const send = (m: ToWorker) => worker.postMessage(m);
  return new Promise<{ rows: number }>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new ReportFailure(
              `The report ran longer than its limit of ${minutes(limits.timeoutMs)} and was stopped.`,
              true,
            ),
          ),
        ),
      limits.timeoutMs,
    );
    const answer = (id: number, work: Promise<unknown>) =>
      work.then(
        (result) => !settled && send({ type: 'answer', id, result }),
        (e) => !settled && send({ type: 'answer', id, error: e instanceof Error ? e.message : String(e) }),
      );
    worker.on('message', (m: FromWorker) => {
      switch (m.type) {
        case 'list':
          return void answer(m.id, on.list(m.resource, m.rql, m.params, m.offset));
        case 'calls':
          return void answer(m.id, on.calls(m.ids));
        case 'progress':
          return on.progress(m.value, m.max);
        case 'done':
          return settle(() => resolve({ rows: m.rows }));
        case 'failed':
          return settle(() => reject(new ReportFailure(m.message)));
      }
    });
    worker.on('error', (e: Error & { code?: string }) =>
      settle(() =>
        reject(
          new ReportFailure(
            e.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `The report used more than its memory limit of ${limits.memoryMb} MB and was stopped.`
              : e.message,
          ),
        ),
      ),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new ReportFailure(`The report stopped unexpectedly (exit ${code}).`))),
    );
    send({ type: 'run', job });
  });
}
