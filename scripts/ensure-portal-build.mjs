#!/usr/bin/env node
// Builds the portal (packages/portal/dist) when it is missing or older than its sources, so that
// `npm install && npm start` on a fresh clone serves the portal at '/'. `--force` (or CI=1 for the
// e2e run) always builds. Used by `npm start` (prestart) and the e2e global setup.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const portal = join(root, 'packages', 'portal');
const builtMarker = join(portal, 'dist', 'index.html');
// What ends up in the bundle: the portal and the domain package it imports.
const SOURCES = [
  join(portal, 'src'),
  join(portal, 'index.html'),
  join(portal, 'vite.config.ts'),
  join(portal, 'package.json'),
  join(portal, 'public'),
  join(root, 'packages', 'domain', 'src'),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs; // a deleted file changes its folder's mtime
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why a build is needed, or null when dist is up to date. */
export function staleReason() {
  if (!existsSync(builtMarker)) return 'packages/portal/dist is missing';
  const built = statSync(builtMarker).mtimeMs;
  const newest = Math.max(...SOURCES.map(newestMtime));
  return newest > built ? 'the portal sources changed since the last build' : null;
}

/** Build when needed (or always with force); throws when the build fails. */
export function ensurePortalBuild({ force = false, log = console.log } = {}) {
  const reason = force ? 'a fresh build was asked for' : staleReason();
  if (!reason) return false;
  log(`Building the portal (${reason}) …`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', 'build', '-w', '@trellis/portal'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0)
    throw new Error(
      `The portal build failed (exit ${r.status ?? r.signal}): run \`npm run build -w @trellis/portal\` to see why.`,
    );
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensurePortalBuild({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    // `npm start` still comes up with the previous build; with none there is nothing to serve.
    if (existsSync(builtMarker)) console.error('Serving the previous portal build.');
    else process.exit(1);
  }
}
