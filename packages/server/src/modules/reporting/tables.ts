import type { Report, ReportSchedule, ReportTemplate, ReportsRepository } from '@trellis/domain';
import { bool, defineTable, jsonb, text, timestamp } from '../../resources/table.ts';

// The reporting area's tables (migrations/0040_reporting.ts): each column names the object path it copies.

/** The templates of the built-in repository, written from the code's registry at start (templates.ts). */
export const reportTemplateTable = defineTable('report_templates', {
  id: text('id'),
  name: text('name'),
  status: text('status'),
  type: text('type'),
  local_id: text('local_id'),
  repository_id: text('repository.id'),
  repository_name: text('repository.name'),
  audience_vendor: bool('audience.vendor'),
  audience_provider: bool('audience.provider'),
  /** The owner's account; null for the built-in templates, which every account reads. */
  account_id: text((t: ReportTemplate) => (t.type === 'custom' ? t.owner.id : null)).nullable(),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((t: ReportTemplate) => t.events.updated?.at ?? t.events.created.at),
});

export const reportRepositoryTable = defineTable('report_repositories', {
  id: text('id'),
  name: text('name'),
  status: text('status'),
  repository_type: text('repository_type'),
  /** The owner's account; null for the built-in repository, which every account reads. */
  account_id: text((r: ReportsRepository) => (r.repository_type === 'custom' ? r.owner.id : null)).nullable(),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((r: ReportsRepository) => r.events.updated?.at ?? r.events.created.at),
});

/** Each uploaded version of a repository: its reports' files (path → text), by tag. */
export const reportRepositoryVersionTable = defineTable(
  'report_repository_versions',
  {
    repository_id: text(),
    tag: text(),
    /** SHA-1 of the archive, shown as the repository's git commit. */
    commit: text(),
    files: jsonb(),
    created_at: timestamp(),
  },
  { data: false },
);

export const reportTable = defineTable('reports', {
  id: text('id'),
  account_id: text('owner.id'),
  name: text('name'),
  status: text('status'),
  renderer: text('renderer'),
  template_id: text('template.id'),
  template_name: text('template.name'),
  schedule_id: text('schedule.id').nullable(),
  timeout: bool('timeout'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((r: Report) => r.events.updated?.at ?? r.events.created.at),
  started_at: timestamp('events.started.at').nullable(),
  terminated_at: timestamp('events.terminated.at').nullable(),
  /** The stored file (files/store.ts), once it succeeded; null again once it expired. */
  file_key: text().nullable(),
  /** Who asked, as the job runs the report (account, user or token, modules): never returned. */
  requester: jsonb(),
});

export const reportScheduleTable = defineTable('report_schedules', {
  id: text('id'),
  account_id: text('owner.id'),
  name: text('name'),
  status: text('status'),
  renderer: text('renderer'),
  template_id: text('template.id'),
  template_name: text('template.name'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((s: ReportSchedule) => s.events.updated?.at ?? s.events.created.at),
  /** When it runs next; null while disabled. */
  next_at: timestamp('events.next_execution.at').nullable(),
  /** Who made it: each run reads as this requester (reports.ts). */
  requester: jsonb(),
});
