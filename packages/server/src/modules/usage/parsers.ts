import { Worker } from 'node:worker_threads';
import type { Readable } from 'node:stream';
import type { BadRow } from './row-check.ts';
import type { FromParser, ParseJob, ParseOutcome, ToParser } from './parse-protocol.ts';
import { UnreadableWorkbook, type RandomAccess } from './xlsx.ts';

// The parser threads of this server process (parse-worker.ts). Starting one loads the parser (about a second), so
// one is kept for a minute after its job, for the next file; more are started while jobs overlap. Each has a
// bounded heap of its own: a file's parsing cannot grow the server's, and a worker that runs out is ended and its
// job fails, not the server. A kept worker holds about 90 MB, given back when it ends.

const KEPT = 1;
const KEPT_MS = 60_000;
const LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 48 };
const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

function take(): Worker {
  const kept = idle.pop();
  if (!kept) return start();
  clearTimeout(kept.timer);
  kept.worker.removeAllListeners('exit');
  return kept.worker;
}

function keep(worker: Worker) {
  worker.unref();
  const drop = () => {
    const at = idle.findIndex((k) => k.worker === worker);
    if (at >= 0) clearTimeout(idle.splice(at, 1)[0].timer);
  };
  const timer = setTimeout(() => {
    drop();
    void worker.terminate();
  }, KEPT_MS);
  timer.unref();
  // a kept worker that ends (whatever the cause) is never handed a job
  worker.once('exit', drop);
  idle.push({ worker, timer });
}

function start(): Worker {
  return new Worker(new URL('./parse-worker.mjs', import.meta.url), { execArgv: [], resourceLimits: LIMITS });
}

/** What the processing does with the parser's results; each call is awaited before the next one is made. */
export interface ParseHandlers {
  /** Good rows as COPY lines: store them (resolving when more can come). */
  lines(text: string, rows: number): Promise<void>;
  bad(row: BadRow): Promise<void>;
  progress(done: number, total: number | null): Promise<void>;
}

/**
 * Parse and check a stored spreadsheet in a parser thread, feeding it the bytes of `source` as it asks for them.
 * Rejects with UnreadableWorkbook when the file is no workbook, or with the handlers' or the thread's failure.
 */
export async function parseInWorker(job: ParseJob, source: RandomAccess, on: ParseHandlers): Promise<ParseOutcome> {
  const worker = take();
  worker.ref();
  const ranges = new Map<number, AsyncIterator<Buffer>>();
  const opened: Readable[] = [];
  let healthy = false;
  // results are handled one after the other, in the order sent; bytes are served at once, beside them
  let chain = Promise.resolve();
  let detach = () => {};
  try {
    return await new Promise<ParseOutcome>((resolve, reject) => {
      const serve = async (id: number) => {
        const it = ranges.get(id);
        if (!it) return;
        try {
          const next = await it.next();
          if (next.done) ranges.delete(id);
          send({ type: 'bytes', stream: id, chunk: next.done ? null : next.value });
        } catch (e) {
          ranges.delete(id);
          send({ type: 'bytes', stream: id, chunk: null, error: e instanceof Error ? e.message : String(e) });
        }
      };
      const send = (m: ToParser) => worker.postMessage(m);
      const then = (work: () => Promise<void>) => {
        chain = chain.then(work);
        chain.catch(reject);
      };
      const onMessage = (m: FromParser) => {
        switch (m.type) {
          case 'read': {
            const stream = source.range(m.start, m.end);
            opened.push(stream);
            ranges.set(m.stream, stream[Symbol.asyncIterator]());
            void serve(m.stream);
            break;
          }
          case 'more':
            void serve(m.stream);
            break;
          case 'close':
            void ranges.get(m.stream)?.return?.();
            ranges.delete(m.stream);
            break;
          case 'lines':
            then(async () => {
              await on.lines(m.text, m.rows);
              send({ type: 'credit' });
            });
            break;
          case 'bad':
            then(() => on.bad(m.row));
            break;
          case 'progress':
            then(() => on.progress(m.done, m.total));
            break;
          case 'done':
            then(async () => {
              healthy = true;
              resolve(m.outcome);
            });
            break;
          case 'failed':
            // after what was sent before it (bad rows being spooled)
            then(async () => {
              healthy = true;
              reject(m.unreadable ? new UnreadableWorkbook(m.message) : new Error(m.message));
            });
            break;
        }
      };
      const onError = (e: Error) => reject(e);
      const onExit = (code: number) => reject(new Error(`the parser thread stopped (exit code ${code})`));
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      detach = () => worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      send({ type: 'job', job });
    });
  } finally {
    detach();
    for (const s of opened) s.destroy();
    // a worker whose job ended normally is kept for the next one; one stopped midway is ended
    if (healthy && idle.length < KEPT) keep(worker);
    else void worker.terminate();
  }
}
