import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Explained } from './explain.ts';
import { label } from './generate.ts';
import type { Measured } from './load.ts';

// Results: bench/results/<date>-<db>[-label].json and the markdown table in bench/results/README.md
// (the table of the latest full run; smoke runs only print theirs).

export interface Row extends Measured {
  scenario: string;
  db: string;
  size: number;
  floor?: Measured;
  index?: Explained;
  pendingAvailable?: number;
}

const ms = (n: number) => `${n} ms`;

export function table(rows: Row[]): string {
  const p99At = (scenario: string, size: number) => rows.find((r) => r.scenario === scenario && r.size === size)?.p99;
  const smallest = Math.min(...rows.map((r) => r.size));
  const lines = [
    '| scenario | rows | req/s | p50 | p99 | floor req/s | floor p99 | ratio to floor | p99 growth vs ' +
      label(smallest) +
      ' | index scan |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const base = p99At(r.scenario, smallest);
    lines.push(
      `| ${r.scenario} | ${label(r.size)} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.floor ? r.floor.rps.toFixed(0) : '–'} | ${r.floor ? ms(r.floor.p99) : '–'} | ` +
        `${r.floor ? `${((r.rps / r.floor.rps) * 100).toFixed(0)}%` : '–'} | ${base ? `${(r.p99 / base).toFixed(2)}×` : '–'} | ` +
        `${r.index ? `${r.index.usesIndex ? 'yes' : '**no**'} (${r.index.scans.join(', ')})` : '–'} |`,
    );
  }
  return lines.join('\n');
}

export async function writeReport(
  rows: Row[],
  meta: { kind: string; smoke: boolean; duration: number; connections: number; label: string },
) {
  const md = table(rows);
  if (meta.smoke) return md;
  const dir = resolve(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  const name = `${date}-${meta.kind}${meta.label ? `-${meta.label}` : ''}`;
  await writeFile(
    resolve(dir, `${name}.json`),
    JSON.stringify({ ...meta, date: new Date().toISOString(), node: process.version, rows }, null, 2) + '\n',
  );
  const readme = resolve(dir, 'README.md');
  const prev = await readFile(readme, 'utf8').catch(() => '# Benchmark results\n');
  const section = `## ${name}\n\n${meta.connections} connections, ${meta.duration} s per scenario, loopback. Raw figures: [${name}.json](${name}.json).\n\n${md}\n`;
  const marker = `## ${name}\n`;
  const next = prev.includes(marker)
    ? prev.replace(new RegExp(`## ${name}\\n[\\s\\S]*?(?=\\n## |$)`), section.trimEnd() + '\n')
    : `${prev.trimEnd()}\n\n${section}`;
  await writeFile(readme, next);
  return md;
}
