import type { RendererId, ReportParameterValues } from '@trellis/domain';

// Messages between the server's thread (runner.ts) and the report thread (worker.ts).

export interface WorkerJob {
  module: string;
  renderer: RendererId;
  /** The file the report is written to. */
  path: string;
  account: { id: string; name: string; type: 'vendor' | 'provider' };
  parameters: ReportParameterValues;
}

export type ToWorker =
  { type: 'run'; job: WorkerJob } | { type: 'answer'; id: number; result?: unknown; error?: string };

export type FromWorker =
  | { type: 'list'; id: number; resource: string; rql: string; params: Record<string, string>; offset: number }
  | { type: 'calls'; id: number; ids: string[] }
  | { type: 'progress'; value: number; max: number }
  | { type: 'done'; rows: number }
  | { type: 'failed'; message: string };

/** Objects asked for per page. */
export const PAGE = 500;
