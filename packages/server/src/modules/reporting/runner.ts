import { fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker, WorkerJob } from './protocol.ts';

// Runs one report away from the server's thread, with a time and a memory limit: a built-in template in a worker
// thread (worker.ts); an uploaded repository's code in a process of its own (sandbox/), where it runs inside a
// QuickJS interpreter that can reach nothing but the reads it is given. The server only answers those reads
// (through the engine, as the requester) and records the progress. A report over its time is ended and fails as
// timed out; one over its memory fails too; either way the server goes on.

export interface Limits {
  timeoutMs: number;
  /** The report's heap, MB. */
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

/** Where a report runs: a worker thread or a child process, seen alike. */
interface Channel {
  send(m: ToWorker): void;
  on(event: 'message', handler: (m: FromWorker) => void): void;
  on(event: 'error', handler: (e: Error & { code?: string }) => void): void;
  on(event: 'exit', handler: (code: number | null) => void): void;
  stop(): void;
}

const minutes = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);
const overMemory = (limits: Limits) =>
  new ReportFailure(`The report used more than its memory limit of ${limits.memoryMb} MB and was stopped.`);

interface Outcome {
  rows: number;
  columns?: string[];
}

function drive(channel: Channel, first: ToWorker, on: RunnerHandlers, limits: Limits): Promise<Outcome> {
  return new Promise<Outcome>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      channel.stop();
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
        (result) => !settled && channel.send({ type: 'answer', id, result }),
        (e) => !settled && channel.send({ type: 'answer', id, error: e instanceof Error ? e.message : String(e) }),
      );
    channel.on('message', (m) => {
      switch (m.type) {
        case 'list':
          return void answer(m.id, on.list(m.resource, m.rql, m.params, m.offset));
        case 'calls':
          return void answer(m.id, on.calls(m.ids));
        case 'progress':
          return on.progress(m.value, m.max);
        case 'done':
          return settle(() => resolve(m));
        case 'failed':
          return settle(() => reject(m.memory ? overMemory(limits) : new ReportFailure(m.message)));
      }
    });
    channel.on('error', (e) =>
      settle(() => reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? overMemory(limits) : new ReportFailure(e.message))),
    );
    channel.on('exit', (code) =>
      settle(() => reject(new ReportFailure(`The report stopped unexpectedly (exit ${code}).`))),
    );
    channel.send(first);
  });
}

/** A built-in template, in a worker thread with a heap of the memory limit. */
export function runInWorker(job: WorkerJob, on: RunnerHandlers, limits: Limits): Promise<Outcome> {
  const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 16 },
  });
  return drive(
    {
      send: (m) => worker.postMessage(m),
      on: (event: string, handler: (...a: any[]) => void) => void worker.on(event, handler),
      stop: () => void worker.terminate(),
    },
    { type: 'run', job },
    on,
    limits,
  );
}

/** The heap of the sandbox's own process (the report's code has its memory limit inside QuickJS). */
const SANDBOX_HEAP_MB = 128;

/**
 * An uploaded report, in a process of its own: no environment (no secrets), a bounded heap, and killed outright
 * when over its time; inside it the code runs in QuickJS (sandbox/quickjs.ts).
 */
export function runInProcess(job: WorkerJob, on: RunnerHandlers, limits: Limits): Promise<Outcome> {
  return drive(sandboxProcess(), { type: 'run', job }, on, limits);
}

const NO_READS: RunnerHandlers = {
  list: () => Promise.reject(new Error('A report reads nothing while it is checked.')),
  calls: () => Promise.reject(new Error('A report reads nothing while it is checked.')),
  progress: () => undefined,
};

/** Loads an uploaded report's code in the sandbox without running it: its columns, or why it does not load. */
export function checkInProcess(job: WorkerJob, limits: Limits): Promise<Outcome> {
  return drive(sandboxProcess(), { type: 'check', job }, NO_READS, limits);
}

function sandboxProcess(): Channel {
  const child = fork(new URL('./sandbox/process.mjs', import.meta.url), [], {
    execArgv: [`--max-old-space-size=${SANDBOX_HEAP_MB}`],
    env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? 'production' },
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    serialization: 'advanced',
  });
  // what is sent before the process listens would be lost: it waits for the process's `ready`
  let ready = false;
  const waiting: ToWorker[] = [];
  child.on('message', (m: FromWorker) => {
    if (m.type !== 'ready') return;
    ready = true;
    for (const w of waiting.splice(0)) child.send(w);
  });
  return {
    send: (m) => void (ready ? child.connected && child.send(m) : waiting.push(m)),
    on: (event: string, handler: (...a: any[]) => void) => void child.on(event, handler),
    stop: () => void child.kill('SIGKILL'),
  };
}
