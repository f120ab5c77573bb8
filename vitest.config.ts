import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every package; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, which left a core idle while the
    // server's files waited on child processes, timers and sockets (the unit run took 1431 s there, 1104 s with this).
    maxWorkers: availableParallelism() + 1,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['test/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      {
        // The portal's vite config brings the React plugin; components render in happy-dom.
        extends: './packages/portal/vite.config.ts',
        test: {
          name: 'portal',
          root: 'packages/portal',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 20000,
        },
      },
    ],
  },
});
