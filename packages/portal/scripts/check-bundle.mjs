#!/usr/bin/env node
// Budget (DESIGN §10, lowered by issue 19): the login page's first load is at most 150 KB of gzipped JavaScript.
// Sums the gzip size of the entry chunk, the login route's chunk and everything they import statically
// (what the browser must fetch before the login form can show), as listed in the Vite manifest.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.LOGIN_BUDGET_KB ?? 150);
const LOGIN_MODULE = 'src/modules/identity/auth/LoginPage.tsx';
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('No build manifest: run `npm run build -w @trellis/portal` first.');
  process.exit(2);
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(2);
}
if (!manifest[LOGIN_MODULE]) {
  console.error(`The manifest has no chunk for ${LOGIN_MODULE}.`);
  process.exit(2);
}

const files = new Map();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.set(chunk.file, key);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit(entryKey);
visit(LOGIN_MODULE);

let total = 0;
const rows = [];
for (const file of files.keys()) {
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([file, size]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
const kb = total / 1024;
console.log(`Login route: ${kb.toFixed(1)} KB gzipped JavaScript in ${rows.length} files (budget ${BUDGET_KB} KB).`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}
