import type { RendererId, ReportParameterValues } from '@trellis/domain';

// Messages between the server (runner.ts) and where a report runs: the built-in templates in a worker thread
// (worker.ts), an uploaded repository's in a process of its own (sandbox/process.ts).

/** A built-in template's module, or an uploaded report's files and the path of its entrypoint among them. */
export type ReportCode = { module: string } | { files: Record<string, string>; entrypoint: string };

export interface WorkerJob {
  code: ReportCode;
  renderer: RendererId;
  /** The file the report is written to. */
  path: string;
  account: { id: string; name: string; type: 'vendor' | 'provider' };
  parameters: ReportParameterValues;
  /** The memory the report's own code may use, MB (the sandbox's heap). */
  memoryMb: number;
}

/** `run` makes the report; `check` only loads its code (a repository's configuration) and answers its columns. */
export type ToWorker =
  { type: 'run' | 'check'; job: WorkerJob } | { type: 'answer'; id: number; result?: unknown; error?: string };

export type FromWorker =
  | { type: 'list'; id: number; resource: string; rql: string; params: Record<string, string>; offset: number }
  | { type: 'calls'; id: number; ids: string[] }
  | { type: 'progress'; value: number; max: number }
  /** The sandbox's process listens (a message sent before would be lost). */
  | { type: 'ready' }
  | { type: 'done'; rows: number; columns?: string[] }
  /** `memory`: the report's code ran out of its memory. */
  | { type: 'failed'; message: string; memory?: boolean };

/** Objects asked for per page. */
export const PAGE = 500;
