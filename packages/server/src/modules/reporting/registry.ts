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

// The templates a report can be run from, by id: Trellis's built-in repository ("Trellis reports"), each template a
// module of templates/ run in the report thread. Tests add templates of their own with registerTemplate (a report
// that never ends, one that eats memory): the registry is the only way in, nothing is shipped for them.

export interface TemplateDef {
  id: string;
  local_id: string;
  name: string;
  description: string;
  audience: { vendor: boolean; provider: boolean };
  parameters: ReportParameter[];
  /** The module (file URL) whose default export is the ReportDefinition (definition.ts). */
  module: string;
}

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

const BUILTIN: TemplateDef[] = [
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

const registry = new Map<string, TemplateDef>(BUILTIN.map((t) => [t.id, t]));

export const builtinTemplates = (): readonly TemplateDef[] => BUILTIN;
export const templateDef = (id: string): TemplateDef | undefined => registry.get(id);

/** Adds a template that is not built in (tests); returns a function that takes it away again. */
export function registerTemplate(def: TemplateDef): () => void {
  registry.set(def.id, def);
  return () => registry.delete(def.id);
}

export const DEFAULT_RENDERER: RendererId = 'xlsx';

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
    type: 'system',
    revision: 1,
    specs_version: '2',
    status: 'enabled',
    notes: null,
    repository: {
      id: BUILTIN_REPOSITORY.id,
      name: BUILTIN_REPOSITORY.name,
      repository_type: 'system',
      git: BUILTIN_REPOSITORY.git,
    },
    audience: def.audience,
    entrypoint: `reports.${def.local_id}.entrypoint.generate`,
    parameters: def.parameters,
    owner: { ...SYSTEM_OWNER },
    stats: NO_RUNS,
    renderers: RENDERER_IDS.map((id) => ({
      id,
      type: id,
      description: RENDERER_LABELS[id],
      default: id === DEFAULT_RENDERER,
    })),
    default_renderer: DEFAULT_RENDERER,
    events: { created: { at }, updated: { at } },
  };
}
