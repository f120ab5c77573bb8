import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every package; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. The server's files spend much
    // of their time waiting (child processes, timers, sockets), so a worker per core, plus one, keeps both busy.
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
