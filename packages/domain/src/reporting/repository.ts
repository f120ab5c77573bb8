import { z } from 'zod';
import { Events } from '../identity/common.ts';
import type { Fields } from '../resource/fields.ts';
import type { Refusal, Viewer } from '../resource/machine.ts';
import { defineMachine, defineResource, filterOf, roteFilters } from '../resource/index.ts';

// Report repositories (reference /reporting/repositories, reporting.ReportsRepository): where templates come from.
// Trellis ships one built-in repository (`system`, everyone's). An account adds its own (`custom`, its alone) by
// uploading a .zip archive: a manifest in the reference's report-repository format (reports.json) and the reports'
// JavaScript. Each upload is a version, named by its tag; the repository uses one tag at a time. A new upload or a
// switch of tag puts it back to `configuring` while its code is checked, then `ready` (its templates run) or `failed`
// (the notes say why). The reference fetches git remotes; Trellis reads uploads only (docs/decisions.md).

export const REPOSITORY_STATUSES = ['configuring', 'ready', 'failed'] as const;
/** The language of the built-in repository's and uploaded reports: JavaScript (the reference's are Python). */
export const REPOSITORY_LANGUAGES = ['python', 'javascript'] as const;
/** The multipart field that carries a repository's archive, and the largest archive accepted. */
export const REPOSITORY_ARCHIVE_FIELD = 'archive';
export const REPOSITORY_ARCHIVE_MAX_BYTES = 5 * 1024 * 1024;

export const ReportsRepository = z.object({
  id: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable().optional(),
  version: z.string().nullable().optional(),
  language: z.enum(REPOSITORY_LANGUAGES).nullable().optional(),
  repository_type: z.enum(['system', 'custom']),
  revision: z.number().int(),
  /** Where the code is: for an upload, the repository's own URN, the tag in use and the archive's SHA-1. */
  git: z.object({ url: z.string(), tag: z.string(), commit: z.string().nullable().optional() }),
  status: z.enum(REPOSITORY_STATUSES),
  notes: z.string().nullable().optional(),
  /** The tags (uploaded versions) the repository has, newest first; the built-in one has its release. */
  tags: z.array(z.string()),
  stats: z.object({ templates_count: z.number().int() }),
  owner: z.object({ id: z.string(), name: z.string() }),
  events: Events,
});
export type ReportsRepository = z.infer<typeof ReportsRepository>;

/** PUT /reporting/repositories/{id} as JSON: use another of the repository's uploaded tags. */
export const RepositoryTagSwitch = z.object({
  git: z.object({
    tag: z
      .string({ error: () => 'Name the tag to use.' })
      .trim()
      .min(1, 'Name the tag to use.'),
  }),
});

/** A tag as an upload names it (or its manifest's version): letters, digits and . _ - +, up to 64. */
export const TAG_RE = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;
export const TAG_MESSAGE = 'A tag is 1 to 64 letters, digits, dots, dashes, underscores or plus signs.';

const ownerOnly = (r: ReportsRepository, v: Viewer): Refusal | null =>
  r.owner.id === v.accountId
    ? null
    : { kind: 'side', message: `${r.name ?? r.id} belongs to ${r.owner.name}; only ${r.owner.name} changes it.` };
const configuring = (r: ReportsRepository): Refusal | null =>
  r.status === 'configuring'
    ? { kind: 'status', message: `${r.name ?? r.id} is being configured; wait until it is ready or failed.` }
    : null;

const repositoryMachine = defineMachine<ReportsRepository>({
  statuses: { configuring: { tone: 'info' }, ready: { tone: 'success' }, failed: { tone: 'error' } },
  actions: {},
  // only the owner changes its repository; the reference: one being configured is not deleted
  editable: (r, v) => ownerOnly(r, v) ?? configuring(r),
  deletable: (r, v) => ownerOnly(r, v) ?? configuring(r),
});

const REPOSITORY_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  description: { label: 'Description', kind: 'multiline' },
  version: { label: 'Version', kind: 'text' },
  tags: { label: 'Tags', kind: 'list' },
  'git.tag': { label: 'Tag in use', kind: 'text' },
  'git.commit': { label: 'Commit', kind: 'text' },
  repository_type: { label: 'Type', kind: 'enum', labels: { system: 'Built-in', custom: 'Uploaded' } },
  status: { label: 'Status', kind: 'status' },
  notes: { label: 'Notes', kind: 'multiline' },
  'stats.templates_count': { label: 'Templates', kind: 'number' },
  'owner.name': { label: 'Owner', kind: 'text' },
};

export const reportRepositoryResource = defineResource({
  name: 'report-repository',
  title: 'Report repository',
  noun: 'report repositories',
  path: '/reporting/repositories',
  module: 'MD-0008',
  schema: ReportsRepository,
  filters: { ...roteFilters(ReportsRepository), repository_type: filterOf(ReportsRepository, 'repository_type') },
  ordering: ['id', 'name', 'status', 'repository_type', 'events.created.at', 'events.updated.at'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
  remove: true,
  machine: repositoryMachine,
  fields: REPOSITORY_FIELDS,
  list: {
    columns: ['name', 'description', 'tags', 'stats.templates_count', 'owner.name', 'status'],
    phone: ['name', 'status'],
    filters: ['status', 'repository_type'],
  },
  // the status shows in the page's header, the notes (why it failed) above the details
  detail: {
    fields: [
      'id',
      'description',
      'version',
      'git.tag',
      'git.commit',
      'owner.name',
      'stats.templates_count',
      'repository_type',
    ],
  },
});
