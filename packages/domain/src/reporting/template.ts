import { z } from 'zod';
import { Events } from '../identity/common.ts';
import type { Fields } from '../resource/fields.ts';
import type { Rule } from '../resource/machine.ts';
import { defineMachine, defineResource, filterOf, roteFilters } from '../resource/index.ts';
import { ReportParameter } from './parameters.ts';

// Report templates (reference /reporting/templates, reporting.ReportTemplate): what a report can be made of, from a
// repository. Trellis ships one repository of built-in templates ("Trellis reports", type `system`); each says which
// sides may run it (`audience`), its typed parameters and the file formats it renders to (`renderers`). A disabled
// template runs no new reports. Only the repository's owner enables and disables its templates: the built-in ones
// are Trellis's own, so no account switches them off for everyone.

export const TEMPLATE_STATUSES = ['enabled', 'disabled', 'blocked'] as const;
export const RENDERER_IDS = ['xlsx', 'csv', 'json'] as const;
export type RendererId = (typeof RENDERER_IDS)[number];
export const RENDERER_LABELS: Record<RendererId, string> = {
  xlsx: 'Excel workbook',
  csv: 'CSV (comma-separated values)',
  json: 'JSON',
};
/** Owner of the built-in repository and its templates. */
export const SYSTEM_OWNER = { id: 'trellis', name: 'Trellis' } as const;

const Git = z.object({ url: z.string(), tag: z.string(), commit: z.string().nullable().optional() });
export const TemplateRepositoryRef = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  repository_type: z.enum(['system', 'custom']),
  git: Git,
});
export const Renderer = z.object({
  id: z.enum(RENDERER_IDS),
  type: z.string(),
  description: z.string(),
  default: z.boolean(),
});

export const ReportTemplate = z.object({
  id: z.string(),
  name: z.string(),
  local_id: z.string(),
  description: z.string(),
  type: z.enum(['system', 'custom']),
  revision: z.number().int(),
  specs_version: z.string(),
  status: z.enum(TEMPLATE_STATUSES),
  notes: z.string().nullable().optional(),
  repository: TemplateRepositoryRef,
  audience: z.object({ vendor: z.boolean(), provider: z.boolean() }),
  entrypoint: z.string(),
  parameters: z.array(ReportParameter),
  owner: z.object({ id: z.string(), name: z.string() }),
  /** The caller's own account's runs of the template: counts, and run and wait times in seconds. */
  stats: z.object({
    total_executions: z.number().int(),
    monthly_executions: z.number().int(),
    runtime_min: z.number().int(),
    runtime_max: z.number().int(),
    runtime_avg: z.number().int(),
    wait_min: z.number().int(),
    wait_max: z.number().int(),
    wait_avg: z.number().int(),
    success: z.number().int(),
    failure: z.number().int(),
    timeout: z.number().int(),
  }),
  renderers: z.array(Renderer),
  default_renderer: z.enum(RENDERER_IDS),
  events: Events,
});
export type ReportTemplate = z.infer<typeof ReportTemplate>;

export const TemplateDisable = z.object({ notes: z.string().trim().max(2048).optional() });

/** Only the repository's owner switches its templates on and off. */
const ownerOnly: Rule<ReportTemplate> = (t, v) =>
  t.owner.id === v.accountId
    ? null
    : { kind: 'side', message: `${t.name} belongs to ${t.owner.name}; only ${t.owner.name} enables or disables it.` };

export const templateMachine = defineMachine<ReportTemplate>({
  statuses: { enabled: { tone: 'success' }, disabled: { tone: 'default' }, blocked: { tone: 'error' } },
  actions: {
    disable: {
      label: 'Disable',
      from: ['enabled'],
      to: 'disabled',
      rule: ownerOnly,
      body: TemplateDisable,
      event: 'disabled',
      done: (t) => `${t.name} is disabled: no new reports are made from it.`,
    },
    enable: {
      label: 'Enable',
      from: ['disabled'],
      to: 'enabled',
      rule: ownerOnly,
      event: 'enabled',
      form: false,
      done: (t) => `${t.name} is enabled.`,
    },
  },
});

const TEMPLATE_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  description: { label: 'Description', kind: 'text' },
  status: { label: 'Status', kind: 'status' },
  'repository.name': { label: 'Repository', kind: 'text' },
  'events.updated.at': { label: 'Updated', kind: 'date' },
};

export const reportTemplateResource = defineResource({
  name: 'report-template',
  title: 'Report template',
  path: '/reporting/templates',
  module: 'MD-0008',
  schema: ReportTemplate,
  filters: {
    ...roteFilters(ReportTemplate),
    local_id: filterOf(ReportTemplate, 'local_id'),
    type: filterOf(ReportTemplate, 'type'),
  },
  ordering: ['id', 'name', 'status', 'repository.name', 'events.created.at', 'events.updated.at'],
  defaultOrdering: 'name',
  search: ['id', 'name', 'description'],
  visibleTo: ['vendor', 'provider'],
  // the built-in templates are the same for every account (each side sees those its audience names)
  shared: true,
  machine: templateMachine,
  fields: TEMPLATE_FIELDS,
  list: { columns: ['name', 'repository.name', 'status'], phone: ['name', 'status'], filters: ['status'] },
  detail: { fields: ['id', 'description', 'repository.name', 'status', 'events.updated.at'] },
});
