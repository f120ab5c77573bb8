import { z } from 'zod';
import { RENDERER_IDS, ReportParameter, TAG_MESSAGE, TAG_RE, type RendererId } from '@trellis/domain';
import type { RepositoryFiles } from './archive.ts';

// reports.json, the manifest of a report repository in the reference's format (name, version, language, readme_file
// and the reports, each with its entrypoint, audience, report_spec, parameters and renderers), checked against the
// archive's files. Trellis runs JavaScript: `language` is "javascript", and a report's entrypoint is the path of a
// module whose default export is { columns, rows(source) } (README, "Report repositories").

export const MANIFEST = 'reports.json';
const MAX_REPORTS = 50;

const Renderer = z.object({
  id: z.string().min(1),
  type: z.enum(RENDERER_IDS, { error: () => `A renderer's type is one of ${RENDERER_IDS.join(', ')}.` }),
  default: z.boolean().optional(),
  description: z.string().optional(),
});

const Report = z.object({
  name: z.string().trim().min(1).max(512),
  description: z.string().max(2048).optional(),
  readme_file: z.string().optional(),
  entrypoint: z.string().regex(/\.m?js$/, 'The entrypoint is the path of a .js or .mjs file in the archive.'),
  audience: z
    .array(z.enum(['vendor', 'provider'], { error: () => 'The audience names "vendor" and/or "provider".' }))
    .min(1, 'Name who runs the report: "vendor" and/or "provider".'),
  report_spec: z.string().optional(),
  parameters: z.array(ReportParameter).default([]),
  renderers: z.array(Renderer).min(1, 'Give at least one renderer.'),
});

const Manifest = z.object({
  name: z.string().trim().min(1).max(512),
  description: z.string().max(2048).optional(),
  readme_file: z.string().optional(),
  version: z.string().trim().regex(TAG_RE, `version: ${TAG_MESSAGE}`),
  language: z.literal('javascript', {
    error: () => 'Trellis runs reports written in JavaScript: set "language" to "javascript".',
  }),
  reports: z.array(Report).min(1, 'List at least one report.').max(MAX_REPORTS),
});

export interface ManifestReport {
  local_id: string;
  name: string;
  description: string;
  entrypoint: string;
  audience: { vendor: boolean; provider: boolean };
  parameters: ReportParameter[];
  renderers: RendererId[];
  default_renderer: RendererId;
}
export interface RepositoryManifest {
  name: string;
  description: string | null;
  version: string;
  reports: ManifestReport[];
}

const path = (issue: z.core.$ZodIssue) => issue.path.map(String).join('.');

/** The manifest, or the problems that keep it from being one (each naming where it is). */
export function readManifest(files: RepositoryFiles): RepositoryManifest | { problems: string[] } {
  const text = files[MANIFEST];
  if (text === undefined) return { problems: [`The archive has no ${MANIFEST} at its root.`] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { problems: [`${MANIFEST}: Input should be valid JSON (${(e as Error).message}).`] };
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success)
    return { problems: parsed.error.issues.map((i) => `${MANIFEST} ${path(i) || '(root)'}: ${i.message}`) };
  const m = parsed.data;
  const problems: string[] = [];
  const readme = (file: string | undefined, where: string) => {
    if (!file) return null;
    if (files[file] === undefined) problems.push(`${where}.readme_file: ${file} is not in the archive.`);
    return files[file]?.trim().slice(0, 2048) ?? null;
  };
  const seen = new Set<string>();
  const reports = m.reports.map((r, i): ManifestReport => {
    const where = `${MANIFEST} reports.${i}`;
    const entry = r.entrypoint.replace(/^\.?\//, '');
    if (files[entry] === undefined) problems.push(`${where}.entrypoint: ${r.entrypoint} is not in the archive.`);
    const local_id = entry.replace(/\.m?js$/, '').replaceAll('/', '.');
    if (seen.has(local_id)) problems.push(`${where}.entrypoint: another report has the entrypoint ${entry}.`);
    seen.add(local_id);
    const ids = r.parameters.map((p) => p.id);
    for (const [j, p] of r.parameters.entries()) {
      if (ids.indexOf(p.id) !== j) problems.push(`${where}.parameters.${j}.id: ${p.id} is given twice.`);
      if ((p.type === 'checkbox' || p.type === 'choice') && !p.choices?.length)
        problems.push(`${where}.parameters.${j}.choices: A ${p.type} parameter lists its choices.`);
    }
    const types = [...new Set(r.renderers.map((x) => x.type))];
    const chosen = r.renderers.find((x) => x.default)?.type ?? types[0]!;
    return {
      local_id,
      name: r.name,
      description: r.description ?? readme(r.readme_file, where) ?? '',
      entrypoint: entry,
      audience: { vendor: r.audience.includes('vendor'), provider: r.audience.includes('provider') },
      parameters: r.parameters,
      renderers: types,
      default_renderer: chosen,
    };
  });
  const description = m.description ?? readme(m.readme_file, MANIFEST);
  if (problems.length) return { problems };
  return { name: m.name, description, version: m.version, reports };
}
