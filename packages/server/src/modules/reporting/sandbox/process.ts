import { serveReports } from '../thread.ts';
import type { FromWorker, ToWorker } from '../protocol.ts';
import { OutOfMemory, sandboxedReport } from './quickjs.ts';

// The sandbox process: serves one report run of an uploaded repository over the IPC channel, its code in QuickJS.
// It ends with the run; the server kills it when it overruns.

serveReports(
  {
    post: (m: FromWorker) => process.send!(m),
    onMessage: (handler: (m: ToWorker) => void) => process.on('message', handler),
  },
  async (job) => {
    if (!('files' in job.code)) throw new Error('The sandbox runs uploaded reports only.');
    return sandboxedReport(job.code.files, job.code.entrypoint, job.memoryMb);
  },
  (e) => e instanceof OutOfMemory,
);
process.send!({ type: 'ready' } satisfies FromWorker);
// the run's end (done or failed) is the process's end
process.on('disconnect', () => process.exit(0));
