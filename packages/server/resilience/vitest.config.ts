import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The resilience suite (issue 11): a bounded mixed load on PostgreSQL while its backends are terminated.
// Not part of `npm test`; .ci/run runs it as a step of its own:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run --config packages/server/resilience/vitest.config.ts
export default defineConfig({
  test: {
    name: 'resilience',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['resilience/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
