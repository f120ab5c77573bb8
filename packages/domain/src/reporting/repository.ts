import { z } from 'zod';
import { Events } from '../identity/common.ts';
import type { Fields } from '../resource/fields.ts';
import { defineMachine, defineResource, filterOf, roteFilters } from '../resource/index.ts';

// Report repositories (reference /reporting/repositories, reporting.ReportsRepository): where templates come from.
// For now only Trellis's built-in repository exists, read-only, `ready`; adding an account's own repository (the
// reference's git repositories, `configuring` → ready / failed) is not built yet.

export const REPOSITORY_STATUSES = ['configuring', 'ready', 'failed'] as const;

export const ReportsRepository = z.object({
  id: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable().optional(),
  version: z.string().nullable().optional(),
  language: z.enum(['python']).nullable().optional(),
  repository_type: z.enum(['system', 'custom']),
  revision: z.number().int(),
  git: z.object({ url: z.string(), tag: z.string(), commit: z.string().nullable().optional() }),
  status: z.enum(REPOSITORY_STATUSES),
  notes: z.string().nullable().optional(),
  /** The tags (versions) the repository has; the built-in one has its release. */
  tags: z.array(z.string()),
  stats: z.object({ templates_count: z.number().int() }),
  owner: z.object({ id: z.string(), name: z.string() }),
  events: Events,
});
export type ReportsRepository = z.infer<typeof ReportsRepository>;

const repositoryMachine = defineMachine<ReportsRepository>({
  statuses: { configuring: { tone: 'info' }, ready: { tone: 'success' }, failed: { tone: 'error' } },
  actions: {},
});

const REPOSITORY_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  description: { label: 'Description', kind: 'text' },
  version: { label: 'Version', kind: 'text' },
  status: { label: 'Status', kind: 'status' },
};

export const reportRepositoryResource = defineResource({
  name: 'report-repository',
  title: 'Report repository',
  noun: 'report repositories',
  path: '/reporting/repositories',
  module: 'MD-0008',
  schema: ReportsRepository,
  filters: { ...roteFilters(ReportsRepository), repository_type: filterOf(ReportsRepository, 'repository_type') },
  ordering: ['id', 'name', 'status', 'events.created.at'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
  shared: true,
  machine: repositoryMachine,
  fields: REPOSITORY_FIELDS,
  list: { columns: ['name', 'version', 'status'], phone: ['name', 'status'] },
  detail: { fields: ['id', 'description', 'version', 'status'] },
});
