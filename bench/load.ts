import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

// Child servers (same process type: node + tsx) and one bounded autocannon run against them.

export async function spawnServer(
  script: 'serve-api.ts' | 'serve-floor.ts',
  args: string[],
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = fork(resolve(import.meta.dirname, script), args, {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      // V8 flags NODE_OPTIONS refuses (--trace-gc, --max-semi-space-size): BENCH_NODE_FLAGS="--trace-gc"
      ...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    ],
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((ok, fail) => {
    child.once('message', () => ok());
    child.once('exit', (code) => fail(new Error(`${script} exited with ${code} before it was ready`)));
  });
  return child;
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGTERM');
  // a server that does not close in time (a keep-alive socket left open) is killed: the next run needs the port
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  duration: number;
  connections: number;
  method?: 'GET' | 'POST';
  body?: string;
  nextPath?: () => string;
  /** Stop after this many requests, or at `duration`, whichever comes first. */
  maxRequests?: number;
}

/** One autocannon run, unaggregated: its latency histogram can be merged with other runs' (`merged`). */
export type Slice = Record<string, any> & { totalCompletedRequests: number; duration: number };

export async function measureSlice(opts: LoadOptions): Promise<Slice> {
  const headers = { ...opts.headers, ...(opts.body ? { 'content-type': 'application/json' } : {}) };
  // one request first, answered: the previous run's queued work has drained, caches hold the page
  const first = opts.nextPath ? new URL(opts.nextPath(), opts.url).toString() : opts.url;
  await fetch(first, { method: opts.method ?? 'GET', headers, body: opts.body });
  return autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration,
    method: opts.method ?? 'GET',
    headers,
    body: opts.body,
    requests: opts.nextPath ? [{ setupRequest: (req: any) => ({ ...req, path: opts.nextPath!() }) }] : undefined,
    maxOverallRequests: opts.maxRequests,
    skipAggregateResult: true,
  });
}

/** Slices as one run: requests over the time they took, percentiles from their merged latency histograms. */
export function merged(slices: Slice[], connections: number): Measured {
  const all = autocannon.aggregateResult(slices, { url: 'http://127.0.0.1', connections });
  const seconds = slices.reduce((n, s) => n + s.duration, 0);
  const requests = slices.reduce((n, s) => n + s.totalCompletedRequests, 0);
  return {
    rps: requests / seconds,
    p50: all.latency.p50,
    p99: all.latency.p99,
    requests,
    non2xx: all.non2xx,
    errors: all.errors + all.timeouts,
  };
}

export const measure = async (opts: LoadOptions): Promise<Measured> =>
  merged([await measureSlice(opts)], opts.connections);
