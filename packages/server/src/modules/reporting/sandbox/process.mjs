// The sandbox process's entry (runner.ts forks it): the server runs its TypeScript through tsx, registered here.
import { register } from 'tsx/esm/api';

register();
await import('./process.ts');
