#!/usr/bin/env node
// `npm test`: the unit suites (Vitest: domain, server, portal), then the end-to-end journeys
// (Playwright, e2e/). Both always run; the exit status is non-zero when either fails.
// Machine-readable reports for CI: VITEST_JSON=<file> adds Vitest's JSON reporter, E2E_JSON_REPORT=<file>
// Playwright's (read by e2e/playwright.config.ts).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const unitArgs = process.env.VITEST_JSON
  ? ['--', '--reporter=default', '--reporter=json', `--outputFile=${resolve(process.env.VITEST_JSON)}`]
  : [];
const parts = [
  { name: 'unit (vitest)', args: ['run', 'test:unit', ...unitArgs] },
  { name: 'e2e (playwright)', args: ['run', 'test:e2e'] },
];

const results = [];
for (const part of parts) {
  const started = Date.now();
  const r = spawnSync(npm, part.args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  const ok = r.status === 0;
  results.push({ ...part, ok, seconds: Math.round((Date.now() - started) / 1000), code: r.status ?? r.signal });
}

console.log('');
for (const r of results)
  console.log(`${r.ok ? 'ok    ' : 'FAILED'}  ${r.name}  (${r.seconds} s${r.ok ? '' : `, exit ${r.code}`})`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
