import { z } from 'zod';
import { Events } from '../identity/common.ts';
import type { Fields } from '../resource/fields.ts';
import { DATE_OPS, defineMachine, defineResource, filterOf, roteFilters } from '../resource/index.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import { requiredError } from '../validation/zod.ts';
import { RENDERER_IDS, RENDERER_LABELS } from './template.ts';

// Reports (reference /reporting/reports, reporting.Report): one run of a template with the requester's parameter
// values. It is created `pending` and queued; the server runs it off the request thread (`running`, with
// `progress`) and ends it `succeeded` (the file is downloadable at …/download) or `failed` with `failure_output`.
// The reference's statuses are pending, deploying, running, succeeded and failed; Trellis has no deployment step,
// so a report goes from pending straight to running. A report is its account's alone; it expires (file deleted,
// `expired` set) after the server's retention period.

export const REPORT_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** Days a report's file is kept when the server sets no REPORT_RETENTION_DAYS. */
export const DEFAULT_REPORT_RETENTION_DAYS = 30;

const TemplateRef = z.object({
  id: z.string(),
  name: z.string(),
  local_id: z.string(),
  description: z.string(),
  type: z.string(),
  specs_version: z.string(),
  revision: z.number().int(),
  entrypoint: z.string(),
  repository: z.object({
    id: z.string(),
    name: z.string().nullable().optional(),
    git: z.object({ url: z.string(), tag: z.string() }),
  }),
});

export const Report = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  template: TemplateRef,
  parameters: z.record(z.string(), z.unknown()).nullable(),
  renderer: z.enum(RENDERER_IDS),
  status: z.enum(REPORT_STATUSES),
  owner: z.object({ id: z.string(), name: z.string() }),
  /** The reference's schedule of a scheduled report; null for one run by hand. */
  schedule: z.object({ id: z.string(), name: z.string() }).nullable(),
  progress: z.object({ value: z.number().int(), max: z.number().int() }),
  /** Why it failed (time or memory limit, the template's error). */
  failure_output: z.string().nullable().optional(),
  timeout: z.boolean(),
  report_size: z.number().int().nullable().optional(),
  report_file: z.string().optional(),
  report_extension: z.string().optional(),
  /** Set once the retention period is over and the file is deleted. */
  expired: z.boolean().optional(),
  timing: z.object({ run: z.string().optional(), wait: z.string().optional() }).optional(),
  events: Events,
});
export type Report = z.infer<typeof Report>;

export const ReportCreate = z.object({
  name: z.string({ error: requiredError }).trim().min(1, REQUIRED).max(512, maxLength(512)).meta({ title: 'Name' }),
  description: z.string().trim().max(2048, maxLength(2048)).nullable().optional(),
  template: z.object({ id: z.string({ error: requiredError }).min(1, REQUIRED) }, { error: requiredError }),
  /** Values by parameter id, or the reference's list of {id, value}: checked against the template's parameters. */
  parameters: z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .nullable()
    .optional(),
  renderer: z
    .enum(RENDERER_IDS, { error: () => `Choose one of ${RENDERER_IDS.join(', ')}.` })
    .optional()
    .meta({ title: 'Format', labels: RENDERER_LABELS }),
});
export type ReportCreate = z.infer<typeof ReportCreate>;

export const reportMachine = defineMachine<Report>({
  statuses: {
    pending: { tone: 'default' },
    running: { tone: 'info' },
    succeeded: { tone: 'success' },
    failed: { tone: 'error' },
  },
  actions: {},
  // a running report's file is still being written
  deletable: (r) =>
    r.status === 'pending' || r.status === 'running'
      ? { kind: 'status', message: `Report ${r.id} is ${r.status}; delete it once it has finished.` }
      : null,
});

const REPORT_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  'template.name': { label: 'Template', kind: 'text' },
  renderer: { label: 'Format', kind: 'enum', labels: RENDERER_LABELS },
  status: { label: 'Status', kind: 'status' },
  failure_output: { label: 'Failure', kind: 'text', hideEmpty: true },
  report_size: { label: 'Size', kind: 'bytes' },
  'events.created.at': { label: 'Created', kind: 'date' },
  'events.terminated.at': { label: 'Finished', kind: 'date' },
};

export const reportResource = defineResource({
  name: 'report',
  title: 'Report',
  path: '/reporting/reports',
  module: 'MD-0008',
  schema: Report,
  create: ReportCreate,
  remove: true,
  filters: {
    ...roteFilters(Report, ['template']),
    renderer: filterOf(Report, 'renderer'),
    'schedule.id': filterOf(Report, 'schedule.id'),
    timeout: filterOf(Report, 'timeout'),
    'events.started.at': { type: 'datetime', ops: DATE_OPS },
    'events.terminated.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'name', 'status', 'template.name', 'events.created.at', 'events.updated.at', 'events.terminated.at'],
  defaultOrdering: '-events.created.at',
  search: ['id', 'name', 'template.name'],
  visibleTo: ['vendor', 'provider'],
  machine: reportMachine,
  fields: REPORT_FIELDS,
  list: {
    columns: ['name', 'template.name', 'renderer', 'status', 'events.created.at'],
    phone: ['name', 'status'],
    filters: ['status'],
  },
  detail: {
    fields: [
      'id',
      'template.name',
      'renderer',
      // the status is the title's chip, a failure's reason an alert of its own
      'report_size',
      'events.created.at',
      'events.terminated.at',
    ],
  },
});
