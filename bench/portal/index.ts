import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { measureBundles, PORTAL, type BundleFigures } from './bundle.ts';
import { measureFirstCounter, type FirstCounterFigures } from './first-counter.ts';
import { measureLongTasks, type LongTaskFigures } from './long-tasks.ts';

// Portal figures: gzipped JS per route, time to the dashboard's first counter, long tasks of a 100-row list.
// `tsx bench/portal/index.ts [--smoke]`, or runPortalBench() from the main bench runner.
// --smoke: bundle sizes only, from the existing build when there is one; nothing is written.

export interface PortalFigures {
  date: string;
  smoke: boolean;
  bundles: BundleFigures;
  first_counter: FirstCounterFigures | null;
  long_tasks?: LongTaskFigures | null;
}

const RESULTS = resolve(import.meta.dirname, '..', 'results');

export async function runPortalBench({
  smoke = false,
  log = (s: string) => console.error(s),
} = {}): Promise<PortalFigures> {
  if (!smoke || !existsSync(join(PORTAL, 'dist', '.vite', 'manifest.json'))) {
    log('portal: production build…');
    execFileSync('npm', ['run', 'build', '-w', '@trellis/portal'], {
      cwd: resolve(PORTAL, '..', '..'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const bundles = measureBundles();
  log(`portal: login ${bundles.login_kb} KB gzipped JS (target ≤ ${bundles.login_budget_kb} KB)`);
  let first_counter: FirstCounterFigures | null = null;
  if (!smoke) {
    log('portal: first dashboard counter, 5 cold and 5 warm loads…');
    first_counter = await measureFirstCounter({ runs: 5 });
    log(
      `portal: first counter cold ${first_counter.cold_ms.median} ms, warm ${first_counter.warm_ms.median} ms (medians)`,
    );
  }
  let long_tasks: LongTaskFigures | null = null;
  if (!smoke) {
    log('portal: long tasks while a list renders 100 rows, 5 runs…');
    long_tasks = await measureLongTasks({ runs: 5 });
    log(`portal: longest task ${long_tasks.longest_ms.max} ms (${long_tasks.longest_ms.samples.join(', ')})`);
  }
  const figures: PortalFigures = { date: new Date().toISOString(), smoke, bundles, first_counter, long_tasks };
  if (!smoke) await writeResults(figures);
  return figures;
}

/** bench/results/portal.json and the portal section of bench/results/README.md (between the portal markers). */
async function writeResults(f: PortalFigures) {
  await mkdir(RESULTS, { recursive: true });
  await writeFile(join(RESULTS, 'portal.json'), JSON.stringify({ ...f, node: process.version }, null, 2) + '\n');
  const readme = join(RESULTS, 'README.md');
  const prev = await readFile(readme, 'utf8').catch(() => '# Benchmark results\n');
  const section = markdown(f);
  const at = prev.indexOf(OPEN);
  const end = prev.indexOf(CLOSE);
  const next =
    at >= 0 && end > at
      ? prev.slice(0, at) + section + prev.slice(end + CLOSE.length)
      : `${prev.trimEnd()}\n\n${section}\n`;
  await writeFile(readme, next);
}

// The opening marker shares the heading's line, so a section replaced "up to the next ## heading" never swallows it.
const OPEN = '## Portal <!-- portal -->';
const CLOSE = '<!-- /portal -->';

export function markdown(f: PortalFigures): string {
  const b = f.bundles;
  const lines = [
    OPEN,
    '',
    `${f.date.slice(0, 10)}, production build, gzip level 9. Raw figures: [portal.json](portal.json).`,
    '',
    `**Login page: ${b.login_kb} KB** gzipped JavaScript (target ≤ ${b.login_budget_kb} KB: ${b.login_within_budget ? 'met' : 'NOT met'}).`,
    `Entry ${b.entry_kb} KB; the app shell adds ${b.shell_kb} KB for every page behind the login.`,
    '',
  ];
  if (f.first_counter) {
    const c = f.first_counter;
    lines.push(
      `**Dashboard, navigation → first counter value visible** (${c.user}, headless Chromium, loopback, demo data, median of ${c.runs}):`,
      `cold (empty cache) **${c.cold_ms.median} ms** (${c.cold_ms.samples.join(', ')}), warm (cached scripts) **${c.warm_ms.median} ms** (${c.warm_ms.samples.join(', ')}).`,
      'Measured in the page: its navigation start to the counter visible, checked every animation frame.',
      '',
    );
  }
  if (f.long_tasks) {
    const t = f.long_tasks;
    lines.push(
      `**List of ${t.rows} rows** (\`${t.list}\`, opened from the dashboard, scripts cached; Chromium's long tasks over 50 ms):`,
      `longest task per run ${t.longest_ms.samples.join(', ')} ms (max **${t.longest_ms.max} ms**; target: none over 50 ms), long tasks per run ${t.count.join(', ')}.`,
      '',
    );
  }
  lines.push('| Route | Path | Total KB | Own KB | Files |', '|---|---|--:|--:|--:|');
  for (const r of b.routes)
    lines.push(
      `| ${r.name}${r.public ? ' (public)' : ''} | \`${r.path}\` | ${r.total_kb} | ${r.own_kb} | ${r.files} |`,
    );
  lines.push(
    '',
    'Total: entry + (app shell) + the route chunk and their static imports. Own: what the route adds to that base.',
    CLOSE,
  );
  return lines.join('\n');
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('bench/portal/index.ts')) {
  runPortalBench({ smoke: process.argv.includes('--smoke') })
    .then((f) => console.log(f.smoke ? markdown(f) : `Written to ${RESULTS}/portal.json and README.md`))
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
