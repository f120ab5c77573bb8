import { sql } from 'kysely';
import {
  ASSET_STATUSES,
  REQUEST_STATUSES,
  RENDERER_IDS,
  RENDERER_LABELS,
  SYSTEM_OWNER,
  humanize,
  type RendererId,
  type ReportParameter,
  type ReportTemplate,
} from '@trellis/domain';
import type { Db } from '../../resources/engine.ts';

// The templates a report can be run from, by id: Trellis's built-in repository ("Trellis reports"), each template a
// module of templates/ run in the report thread. Tests add templates of their own with registerTemplate (a report
// that never ends, one that eats memory): the registry is the only way in, nothing is shipped for them.

/** A template as reports and schedules run it: built in (a module of templates/) or uploaded (sandboxed code). */
export interface TemplateDef {
  id: string;
  local_id: string;
  name: string;
  description: string;
  audience: { vendor: boolean; provider: boolean };
  parameters: ReportParameter[];
  /** Built in: the module (file URL) whose default export is the ReportDefinition (definition.ts). */
  module?: string;
  /** Uploaded: the entrypoint's path in the repository's archive of this tag (repositories/). */
  upload?: { entrypoint: string; tag: string };
  repository: ReportTemplate['repository'];
  owner: { id: string; name: string };
  renderers: readonly RendererId[];
  default_renderer: RendererId;
}

/** What a built-in (or a test's) template declares; the rest is the built-in repository's. */
export type BuiltinTemplate = Pick<
  TemplateDef,
  'id' | 'local_id' | 'name' | 'description' | 'audience' | 'parameters'
> & { module: string };

export const BUILTIN_REPOSITORY = {
  id: 'RR-000-001',
  name: 'Trellis reports',
  description: 'The reports that come with Trellis.',
  version: '1.0.0',
  git: { url: 'https://trellis.local/reports.git', tag: '1.0.0', commit: null },
} as const;

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }));
const status = (values: readonly string[], description: string): ReportParameter => ({
  id: 'status',
  type: 'checkbox',
  name: 'Status',
  description,
  required: false,
  choices: choices(values),
});
const product: ReportParameter = {
  id: 'product',
  type: 'product',
  name: 'Product',
  description: 'The products to include',
  required: false,
};
const marketplace: ReportParameter = {
  id: 'marketplace',
  type: 'marketplace',
  name: 'Marketplace',
  description: 'The marketplaces to include',
  required: false,
};
const moduleUrl = (file: string) => new URL(`./templates/${file}.ts`, import.meta.url).href;
const both = { vendor: true, provider: true };

const BUILTIN: BuiltinTemplate[] = [
  {
    id: 'TP-000-001',
    local_id: 'subscriptions',
    name: 'Subscriptions by status and product',
    description: 'Every subscription you can see, with its status, product, marketplace and customer.',
    audience: both,
    parameters: [status(ASSET_STATUSES, 'The subscription statuses to include'), product],
    module: moduleUrl('subscriptions'),
  },
  {
    id: 'TP-000-002',
    local_id: 'fulfillment_requests',
    name: 'Fulfillment requests by period and outcome',
    description: 'Fulfillment requests created in a period, by status, with their subscription and product.',
    audience: both,
    parameters: [
      {
        id: 'period',
        type: 'date_range',
        name: 'Created',
        description: 'Requests created in this period',
        required: true,
      },
      status(REQUEST_STATUSES, 'The request statuses (outcomes) to include'),
      product,
    ],
    module: moduleUrl('fulfillment-requests'),
  },
  {
    id: 'TP-000-003',
    local_id: 'listings',
    name: 'Listings and listing requests',
    description: 'Product listings in marketplaces, and the requests that list, change or remove them.',
    audience: both,
    parameters: [product, marketplace],
    module: moduleUrl('listings'),
  },
  {
    id: 'TP-000-004',
    local_id: 'tier_accounts',
    name: 'Tier accounts',
    description: 'The customers and resellers (tier accounts) you can see.',
    audience: both,
    parameters: [],
    module: moduleUrl('tier-accounts'),
  },
  {
    id: 'TP-000-005',
    local_id: 'users_permissions',
    name: 'Users and permissions',
    description: "The account's users, their groups and the modules those groups grant.",
    audience: both,
    parameters: [],
    module: moduleUrl('users'),
  },
  {
    id: 'TP-000-006',
    local_id: 'token_activity',
    name: 'API token activity',
    description: "The account's API tokens with their status and the calls made with them.",
    audience: both,
    parameters: [],
    module: moduleUrl('token-activity'),
  },
  {
    id: 'TP-000-007',
    local_id: 'usage',
    name: 'Usage by product and period',
    description: 'Reported and accepted usage per subscription item and month, as billing counts it.',
    audience: both,
    parameters: [
      {
        id: 'period',
        type: 'date_range',
        name: 'Months',
        description: 'The months that start in this period',
        required: true,
      },
      product,
    ],
    module: moduleUrl('usage'),
  },
];

export const DEFAULT_RENDERER: RendererId = 'xlsx';

const builtin = (t: BuiltinTemplate): TemplateDef => ({
  ...t,
  repository: {
    id: BUILTIN_REPOSITORY.id,
    name: BUILTIN_REPOSITORY.name,
    repository_type: 'system',
    git: BUILTIN_REPOSITORY.git,
  },
  owner: { ...SYSTEM_OWNER },
  renderers: RENDERER_IDS,
  default_renderer: DEFAULT_RENDERER,
});

const registry = new Map<string, TemplateDef>(BUILTIN.map((t) => [t.id, builtin(t)]));

export const builtinTemplates = (): readonly TemplateDef[] => BUILTIN.map((t) => registry.get(t.id)!);

/** A template by id: a built-in one, or one of an uploaded repository (as its configuration stored it). */
export async function findTemplate(db: Db, id: string): Promise<TemplateDef | undefined> {
  const known = registry.get(id);
  if (known) return known;
  const { rows } = await sql<{ data: ReportTemplate }>`select data from report_templates
    where id = ${id} and type = 'custom'`.execute(db);
  return rows[0] ? uploadedDef(rows[0].data) : undefined;
}

const uploadedDef = (t: ReportTemplate): TemplateDef => ({
  id: t.id,
  local_id: t.local_id,
  name: t.name,
  description: t.description,
  audience: t.audience,
  parameters: t.parameters,
  upload: { entrypoint: t.entrypoint, tag: t.repository.git.tag },
  repository: t.repository,
  owner: t.owner,
  renderers: t.renderers.map((r) => r.id),
  default_renderer: t.default_renderer,
});

/** Adds a template that is not built in (tests); returns a function that takes it away again. */
export function registerTemplate(t: BuiltinTemplate): () => void {
  registry.set(t.id, builtin(t));
  return () => registry.delete(t.id);
}

/** The stats of a template nobody of the account has run (templates.ts presents each account's own). */
export const NO_RUNS: ReportTemplate['stats'] = {
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

/** A template as the API returns it. */
export function templateObject(def: TemplateDef, at: string): ReportTemplate {
  return {
    id: def.id,
    name: def.name,
    local_id: def.local_id,
    description: def.description,
    type: def.upload ? 'custom' : 'system',
    revision: 1,
    specs_version: '2',
    status: 'enabled',
    notes: null,
    repository: def.repository,
    audience: def.audience,
    entrypoint: def.upload?.entrypoint ?? `reports.${def.local_id}.entrypoint.generate`,
    parameters: def.parameters,
    owner: def.owner,
    stats: NO_RUNS,
    renderers: def.renderers.map((id) => ({
      id,
      type: id,
      description: RENDERER_LABELS[id],
      default: id === def.default_renderer,
    })),
    default_renderer: def.default_renderer,
    events: { created: { at }, updated: { at } },
  };
}
