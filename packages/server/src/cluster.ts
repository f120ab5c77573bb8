import cluster, { type Worker } from 'node:cluster';

// `trellis serve --workers N`: N server processes share one port (node:cluster hands connections out in turn) and one
// PostgreSQL database. Everything they share lives in the database: sessions, throttles, jobs (claimed with SKIP
// LOCKED), the event outbox, and the callers' contexts each keeps, which the database tells every process to drop when
// they change (http/caller-cache.ts). The primary process only starts, restarts and stops them.

/** What a worker tells the primary once it listens. */
export interface WorkerListening {
  type: 'trellis:listening';
  url: string;
  seeded: boolean;
}

const RESTART_MS = 1000;

export const isWorker = () => cluster.isWorker;

/** In a worker: tell the primary it listens. */
export function reportListening(url: string, seeded: boolean): void {
  const message: WorkerListening = { type: 'trellis:listening', url, seeded };
  process.send?.(message);
}

/**
 * In the primary: start `n` workers (each runs this same command) and keep them running. `onListening` is called
 * once, when all have started. A worker that ends unexpectedly is replaced; one that ends before it ever listened
 * (bad configuration, unreachable port) stops them all, since its replacements would fail the same way. Resolves
 * with the exit status once every worker has ended.
 */
export function superviseWorkers(
  n: number,
  onListening: (started: WorkerListening) => void,
  log: (message: string) => void,
): Promise<number> {
  let stopping = false;
  let status = 0;
  let announced = false;
  const listening = new Set<Worker>();
  const workers = new Set<Worker>();

  return new Promise((resolve) => {
    const stopAll = (code: number) => {
      if (stopping) return;
      stopping = true;
      status = code;
      for (const w of workers) w.process.kill('SIGTERM');
      if (!workers.size) resolve(status);
    };

    const start = () => {
      const worker = cluster.fork({ TRELLIS_WORKER: '1' });
      workers.add(worker);
      worker.on('message', (m: WorkerListening) => {
        if (m?.type !== 'trellis:listening') return;
        listening.add(worker);
        if (!announced && listening.size === n) {
          announced = true;
          onListening(m);
        }
      });
      worker.on('exit', (code, signal) => {
        workers.delete(worker);
        const hadStarted = listening.delete(worker);
        if (stopping) {
          if (!workers.size) resolve(status);
          return;
        }
        log(`server process ${worker.process.pid} ended (${signal ?? `exit ${code}`}).`);
        if (!hadStarted) return stopAll(1);
        setTimeout(() => !stopping && start(), RESTART_MS);
      });
    };

    for (let i = 0; i < n; i++) start();
    process.on('SIGINT', () => stopAll(0));
    process.on('SIGTERM', () => stopAll(0));
  });
}
