/** Job kinds of the usage area (registered in index.ts). */
export const PROCESS_JOB = 'usage.process';
export const RECONCILE_JOB = 'usage.reconcile';
