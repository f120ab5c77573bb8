// The report thread's entry (runner.ts starts it): the server runs its TypeScript through tsx, whose loader a
// worker thread does not inherit in time for its first module, so it is registered here first.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
