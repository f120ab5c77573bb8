import type { Report } from '@trellis/domain/reporting/report';
import type { ReportsRepository } from '@trellis/domain/reporting/repository';
import type { ReportSchedule } from '@trellis/domain/reporting/schedule';
import type { ReportTemplate } from '@trellis/domain/reporting/template';
import { VENDOR_CONTEXT } from '../../test-utils.tsx';

// Fixtures of the reports screens' tests, shaped as the API answers them (domain reporting/*.ts).

const at = '2026-11-20T10:00:00Z';
const vera = { id: VENDOR_CONTEXT.user!.id, name: 'Vera Vendor' };
const trellis = { id: 'trellis', name: 'Trellis' };
const git = { url: 'https://trellis.local/reports.git', tag: '1.0.0' };

export const TEMPLATE_ID = 'TP-000-002';
export const REPORT_ID = 'RP-1234-5678';
export const SCHEDULE_ID = 'RS-1234-5678';

const NO_RUNS: ReportTemplate['stats'] = {
  total_executions: 0,
  monthly_executions: 0,
  runtime_min: 0,
  runtime_max: 0,
  runtime_avg: 0,
  wait_min: 0,
  wait_max: 0,
  wait_avg: 0,
  success: 0,
  failure: 0,
  timeout: 0,
};

export const templateFixture = (over: Partial<ReportTemplate> = {}): ReportTemplate => ({
  id: TEMPLATE_ID,
  name: 'Fulfillment requests by period and outcome',
  local_id: 'fulfillment_requests',
  description: 'Fulfillment requests created in a period, by status.',
  type: 'system',
  revision: 1,
  specs_version: '2',
  status: 'enabled',
  notes: null,
  repository: { id: 'RR-000-001', name: 'Trellis reports', repository_type: 'system', git },
  audience: { vendor: true, provider: true },
  entrypoint: 'reports.fulfillment_requests.entrypoint.generate',
  parameters: [
    {
      id: 'period',
      type: 'date_range',
      name: 'Created',
      description: 'Requests created in this period',
      required: true,
    },
    {
      id: 'status',
      type: 'checkbox',
      name: 'Status',
      description: 'The request statuses to include',
      required: false,
      choices: [
        { value: 'approved', label: 'Approved' },
        { value: 'failed', label: 'Failed' },
      ],
    },
    { id: 'product', type: 'product', name: 'Product', description: 'The products to include', required: false },
    {
      id: 'grouping',
      type: 'choice',
      name: 'Grouping',
      description: 'One row per',
      required: true,
      choices: [
        { value: 'request', label: 'Request' },
        { value: 'product', label: 'Product' },
      ],
    },
  ],
  owner: trellis,
  stats: NO_RUNS,
  renderers: [
    { id: 'xlsx', type: 'xlsx', description: 'Excel workbook', default: true },
    { id: 'csv', type: 'csv', description: 'CSV', default: false },
  ],
  default_renderer: 'xlsx',
  events: { created: { at }, updated: { at } },
  ...over,
});

const templateRef = (t = templateFixture()): Report['template'] => ({
  id: t.id,
  name: t.name,
  local_id: t.local_id,
  description: t.description,
  type: t.type,
  specs_version: t.specs_version,
  revision: t.revision,
  entrypoint: t.entrypoint,
  repository: { id: t.repository.id, name: t.repository.name, git },
});

export const reportFixture = (over: Partial<Report> = {}): Report => ({
  id: REPORT_ID,
  name: 'October requests',
  description: null,
  template: templateRef(),
  parameters: {
    period: { after: '2026-10-01', before: '2026-11-01' },
    status: { all: false, choices: ['approved'] },
    grouping: 'product',
  },
  renderer: 'xlsx',
  status: 'succeeded',
  owner: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
  schedule: null,
  progress: { value: 120, max: 120 },
  failure_output: null,
  timeout: false,
  report_size: 1536,
  events: {
    created: { at, by: vera },
    started: { at },
    terminated: { at: '2026-11-20T10:02:30Z' },
  },
  ...over,
});

export const scheduleFixture = (over: Partial<ReportSchedule> = {}): ReportSchedule => ({
  id: SCHEDULE_ID,
  name: 'Weekly requests',
  description: null,
  notes: null,
  status: 'enabled',
  template: templateRef(),
  trigger: { frequency: 'weekly', time: '06:00', day_of_week: 1 },
  parameters: { period: { after: '2026-10-01', before: '2026-11-01' }, grouping: 'request' },
  renderer: 'csv',
  owner: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
  stats: { total_executions: 2, average_execution_time: 3 },
  events: { created: { at, by: vera }, next_execution: { at: '2026-11-23T06:00:00Z' } },
  ...over,
});

export const repositoryFixture = (over: Partial<ReportsRepository> = {}): ReportsRepository => ({
  id: 'RR-000-001',
  name: 'Trellis reports',
  description: 'The reports that come with Trellis.',
  version: '1.0.0',
  language: null,
  repository_type: 'system',
  revision: 1,
  git: { ...git, commit: null },
  status: 'ready',
  notes: null,
  tags: ['1.0.0', '0.9.0'],
  stats: { templates_count: 6 },
  owner: trellis,
  events: { created: { at } },
  ...over,
});

export const PRODUCTS = [
  { id: 'PRD-111-222-333', name: 'Cloud Backup' },
  { id: 'PRD-444-555-666', name: 'Mail Relay' },
];

export const OWN_REPOSITORY_ID = 'RR-4821-7730';

/** The account's own uploaded repository, as configuring it left it. */
export const ownRepositoryFixture = (over: Partial<ReportsRepository> = {}): ReportsRepository =>
  repositoryFixture({
    id: OWN_REPOSITORY_ID,
    name: 'Example reports',
    description: 'An example report repository for Trellis.',
    version: '1.1.0',
    language: 'javascript',
    repository_type: 'custom',
    revision: 2,
    git: {
      url: `urn:trellis:report-repository:${OWN_REPOSITORY_ID}`,
      tag: '1.1.0',
      commit: '3f786850e387550fdab836ed7e6dc881de23001b',
    },
    tags: ['1.1.0', '1.0.0'],
    stats: { templates_count: 1 },
    owner: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
    events: { created: { at, by: vera }, updated: { at, by: vera } },
    ...over,
  });
