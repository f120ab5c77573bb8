import cluster from 'node:cluster';

/**
 * BENCH_WORKERS=N (N > 1): this process becomes the primary of N copies of itself sharing its port (node:cluster),
 * says `ready` once all are, and stops them on SIGTERM; answers true there. In a copy, or with one process, false:
 * the caller serves.
 */
export async function inWorkers(): Promise<boolean> {
  const n = Number(process.env.BENCH_WORKERS ?? 1);
  if (n <= 1 || !cluster.isPrimary) return false;
  const workers = Array.from({ length: n }, () => cluster.fork());
  await Promise.all(workers.map((w) => new Promise<void>((ok) => w.once('message', () => ok()))));
  process.send?.('ready');
  process.on('SIGTERM', () => {
    let left = workers.length;
    for (const w of workers) {
      w.once('exit', () => --left === 0 && process.exit(0));
      w.process.kill('SIGTERM');
    }
  });
  return true;
}
