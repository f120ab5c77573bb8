import { parentPort } from 'node:worker_threads';
import type { ReportDefinition } from './definition.ts';
import { serveReports } from './thread.ts';

// The report thread of the built-in templates: their modules are Trellis's own code, imported here.

const port = parentPort!;
serveReports({ post: (m) => port.postMessage(m), onMessage: (handler) => port.on('message', handler) }, async (job) => {
  if (!('module' in job.code)) throw new Error('The report thread runs built-in templates only.');
  return ((await import(job.code.module)) as { default: ReportDefinition }).default;
});
