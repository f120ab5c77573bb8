import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// Gzipped JavaScript each portal route loads, from the production build's Vite manifest (the way
// packages/portal/scripts/check-bundle.mjs measures the login budget): the entry chunk, the route's
// lazy chunk and everything both import statically; pages behind the login also load the app shell and the route
// table of the signed-in pages (src/app/signed-in-routes.tsx, discovered on the first navigation to one).

export const PORTAL = resolve(import.meta.dirname, '..', '..', 'packages', 'portal');
export const LOGIN_BUDGET_KB = 150; // issue 19 (DESIGN §10 had 200)
const SHELL = 'src/app/chrome/AppShell.tsx';
const SIGNED_IN_ROUTES = 'src/app/signed-in-routes.tsx';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, Chunk>;

export interface RouteBundle {
  name: string;
  path: string;
  public: boolean;
  /** All JS the route needs before it can render, gzipped. */
  total_kb: number;
  /** What the route adds over the entry (and shell, for pages behind the login). */
  own_kb: number;
  files: number;
}

export interface BundleFigures {
  entry_kb: number;
  shell_kb: number;
  login_kb: number;
  login_budget_kb: number;
  login_within_budget: boolean;
  routes: RouteBundle[];
}

/** The route files: the shell's own and each area's (`app/routes.ts` concatenates them), public ones included. */
function routeSources(): { dir: string; source: string }[] {
  const files: string[] = [];
  for (const area of readdirSync(join(PORTAL, 'src/modules'))) {
    for (const name of ['public-routes.ts', 'routes.ts']) {
      const file = posix.join('src/modules', area, name);
      if (existsSync(join(PORTAL, file))) files.push(file);
    }
  }
  files.push('src/app/routes.ts', 'src/app/not-found-route.ts');
  return files.map((f) => ({ dir: posix.dirname(f), source: readFileSync(join(PORTAL, f), 'utf8') }));
}

export function declaredRoutes(sources = routeSources()) {
  const out: { name: string; path: string; public: boolean; module: string }[] = [];
  const re = /\{\s*name:\s*'([^']+)',\s*path:\s*'([^']+)'([\s\S]*?)import\('([^']+)'\)/g;
  for (const { dir, source } of sources) {
    for (const m of source.matchAll(re)) {
      out.push({ name: m[1], path: m[2], public: /public:\s*true/.test(m[3]), module: posix.join(dir, m[4]) });
    }
  }
  return out;
}

export function measureBundles(dist = join(PORTAL, 'dist')): BundleFigures {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    throw new Error('No portal build manifest: run `npm run build -w @trellis/portal` first.');
  }
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    let n = sizes.get(file);
    if (n === undefined) sizes.set(file, (n = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length));
    return n;
  };
  /** The JS files a chunk needs: itself and its static imports, transitively. */
  const closure = (keys: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    keys.forEach(visit);
    return [...files].filter((f) => f.endsWith('.js'));
  };
  const kb = (files: string[]) => round(files.reduce((n, f) => n + gz(f), 0) / 1024);

  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('The portal manifest has no entry chunk.');
  const entry = closure([entryKey]);
  const shell = closure([entryKey, SHELL, SIGNED_IN_ROUTES]);

  const routes = declaredRoutes().map((r): RouteBundle => {
    if (!manifest[r.module]) throw new Error(`The portal manifest has no chunk for ${r.module} (route ${r.name}).`);
    const base = r.public ? entry : shell;
    const files = closure([entryKey, ...(r.public ? [] : [SHELL, SIGNED_IN_ROUTES]), r.module]);
    return {
      name: r.name,
      path: r.path,
      public: r.public,
      total_kb: kb(files),
      own_kb: kb(files.filter((f) => !base.includes(f))),
      files: files.length,
    };
  });
  const login = routes.find((r) => r.name === 'login');
  if (!login) throw new Error('routes.ts declares no login route.');
  return {
    entry_kb: kb(entry),
    shell_kb: kb(shell.filter((f) => !entry.includes(f))),
    login_kb: login.total_kb,
    login_budget_kb: LOGIN_BUDGET_KB,
    login_within_budget: login.total_kb <= LOGIN_BUDGET_KB,
    routes,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
