import { z } from 'zod';
import { Events } from '../identity/common.ts';
import type { Fields } from '../resource/fields.ts';
import { DATE_OPS, defineMachine, defineResource, filterOf, roteFilters } from '../resource/index.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import { cron as cronRule } from '../validation/rules.ts';
import { requiredError } from '../validation/zod.ts';
import { RefListInput, UserReference } from '../notifications/rule.ts';
import { RENDERER_IDS, RENDERER_LABELS } from './template.ts';
import { Report } from './report.ts';

// Report schedules (reference /reporting/schedules, reporting.ReportSchedule): a template with parameter values run
// again and again as its trigger says — the reference's daily / weekly / monthly at a UTC time, or (Trellis) any
// standard 5-field cron expression in `trigger.cron`. Each run makes a report named "<name> from <date> (UTC)"; the
// account's own, like its reports. `trigger` runs it once now. Disabled, it makes none.
// Trellis: its `recipients`, users of the account (reference-style user references, as a notification rule names
// them), are mailed a link to each run's report in the portal once it has finished (or why it failed).

export const SCHEDULE_STATUSES = ['enabled', 'disabled'] as const;
export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export const ScheduleTrigger = z
  .object({
    frequency: z.enum(FREQUENCIES, { error: () => `Choose one of ${FREQUENCIES.join(', ')}.` }),
    /** HH:MM, UTC. */
    time: z.string({ error: requiredError }).regex(TIME_RE, 'Give the time as HH:MM (UTC).'),
    /** 1 Monday … 7 Sunday; weekly only. */
    day_of_week: z
      .number()
      .int()
      .min(1, 'From 1 (Monday) to 7 (Sunday).')
      .max(7, 'From 1 (Monday) to 7 (Sunday).')
      .nullable()
      .optional(),
    /** 1 … 31; monthly only (a month without that day has no run). */
    day_of_month: z.number().int().min(1, 'From 1 to 31.').max(31, 'From 1 to 31.').nullable().optional(),
    /** A standard 5-field cron expression (UTC); when given, it decides instead of frequency, time and days. */
    cron: z
      .string()
      .trim()
      .nullable()
      .optional()
      .superRefine((v, ctx) => {
        const problem = cronRule(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
      }),
  })
  .superRefine((t, ctx) => {
    if (t.cron) return;
    if (t.frequency === 'weekly' && !t.day_of_week)
      ctx.addIssue({ code: 'custom', path: ['day_of_week'], message: REQUIRED, input: t.day_of_week });
    if (t.frequency === 'monthly' && !t.day_of_month)
      ctx.addIssue({ code: 'custom', path: ['day_of_month'], message: REQUIRED, input: t.day_of_month });
  });
export type ScheduleTrigger = z.infer<typeof ScheduleTrigger>;

/** The cron expression (UTC) a trigger stands for. */
export function cronOf(t: ScheduleTrigger): string {
  if (t.cron) return t.cron;
  const [h, m] = t.time.split(':').map(Number);
  if (t.frequency === 'weekly') return `${m} ${h} * * ${t.day_of_week! % 7}`;
  if (t.frequency === 'monthly') return `${m} ${h} ${t.day_of_month} * *`;
  return `${m} ${h} * * *`;
}

export const ReportSchedule = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  notes: z.string().nullable().optional(),
  status: z.enum(SCHEDULE_STATUSES),
  template: Report.shape.template,
  trigger: ScheduleTrigger,
  parameters: z.record(z.string(), z.unknown()).nullable(),
  renderer: z.enum(RENDERER_IDS),
  owner: z.object({ id: z.string(), name: z.string() }),
  stats: z.object({ total_executions: z.number().int(), average_execution_time: z.number().int() }),
  /** Trellis: the account's users mailed when a run's report has finished; absent on a schedule saved before them. */
  recipients: z.array(UserReference).optional(),
  /** `next_execution.at`: when it runs next (none while disabled); `last_execution.at`: when it last made a report. */
  events: Events,
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;

const name = z
  .string({ error: requiredError })
  .trim()
  .min(1, REQUIRED)
  .max(512, maxLength(512))
  .meta({ title: 'Name' });
export const ReportScheduleCreate = z.object({
  name,
  description: z.string().trim().max(2048, maxLength(2048)).nullable().optional(),
  template: z.object({ id: z.string({ error: requiredError }).min(1, REQUIRED) }, { error: requiredError }),
  trigger: ScheduleTrigger,
  parameters: z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .nullable()
    .optional(),
  renderer: z
    .enum(RENDERER_IDS, { error: () => `Choose one of ${RENDERER_IDS.join(', ')}.` })
    .optional()
    .meta({ title: 'Format', labels: RENDERER_LABELS }),
  /** Users of the schedule's account, by id; none when not given (an update without them keeps them). */
  recipients: RefListInput.optional().meta({ title: 'Recipients' }),
});
export type ReportScheduleCreate = z.infer<typeof ReportScheduleCreate>;
export const ReportScheduleUpdate = ReportScheduleCreate.omit({ template: true }).partial();
export type ReportScheduleUpdate = z.infer<typeof ReportScheduleUpdate>;

export const scheduleMachine = defineMachine<ReportSchedule>({
  statuses: { enabled: { tone: 'success' }, disabled: { tone: 'default' } },
  actions: {
    disable: {
      label: 'Disable',
      from: ['enabled'],
      to: 'disabled',
      body: z.object({ notes: z.string().trim().max(2048, maxLength(2048)).optional() }),
      event: 'disabled',
      done: (s) => `${s.name} is disabled: it makes no reports until it is enabled.`,
    },
    enable: {
      label: 'Enable',
      from: ['disabled'],
      to: 'enabled',
      event: 'enabled',
      form: false,
      done: (s) => `${s.name} is enabled.`,
    },
    trigger: {
      label: 'Run now',
      event: 'triggered',
      form: false,
      done: (s) => `${s.name} is running; its report appears in the reports list.`,
    },
  },
});

const SCHEDULE_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  'template.name': { label: 'Template', kind: 'text' },
  renderer: { label: 'Format', kind: 'enum', labels: RENDERER_LABELS },
  status: { label: 'Status', kind: 'status' },
  'events.next_execution.at': { label: 'Next run', kind: 'date' },
  'events.last_execution.at': { label: 'Last run', kind: 'date' },
  recipients: { label: 'Recipients', kind: 'list', empty: 'Nobody is mailed' },
};

export const reportScheduleResource = defineResource({
  name: 'report-schedule',
  title: 'Report schedule',
  path: '/reporting/schedules',
  module: 'MD-0008',
  schema: ReportSchedule,
  create: ReportScheduleCreate,
  update: ReportScheduleUpdate,
  remove: true,
  filters: {
    ...roteFilters(ReportSchedule, ['template']),
    renderer: filterOf(ReportSchedule, 'renderer'),
    'events.next_execution.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'name', 'status', 'template.name', 'events.created.at', 'events.updated.at'],
  defaultOrdering: '-events.created.at',
  search: ['id', 'name', 'template.name'],
  visibleTo: ['vendor', 'provider'],
  machine: scheduleMachine,
  fields: SCHEDULE_FIELDS,
  list: {
    columns: ['name', 'template.name', 'status', 'events.next_execution.at', 'events.last_execution.at'],
    phone: ['name', 'status'],
    filters: ['status'],
  },
  detail: {
    // the status is the title's chip
    fields: ['id', 'template.name', 'renderer', 'events.next_execution.at', 'events.last_execution.at', 'recipients'],
  },
});
