import { z } from 'zod';
import { BOOL_OPS, NUMBER_OPS, TEXT_OPS, defineResource } from '../resource/define.ts';
import { filterOf, roteFilters } from '../resource/filters.ts';
import type { Fields } from '../resource/fields.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED } from '../validation/messages.ts';
import { requiredError } from '../validation/zod.ts';
import {
  PARAMETER_PHASE_LABELS,
  PARAMETER_PHASES,
  PARAMETER_SCOPE_LABELS,
  PARAMETER_SCOPES,
  PARAMETER_TYPE_LABELS,
  PARAMETER_TYPES,
} from '../parameters/types.ts';

// The value validator and definition checks live in ../parameters (shared with the portal); re-exported here.
export * from '../parameters/index.ts';

const text = (max: number) => z.string().max(max, `Input must be at most ${max} characters`);
const required = (max: number) =>
  z.string({ error: requiredError }).trim().min(1, REQUIRED).max(max, `Input must be at most ${max} characters`);

/** A parameter name is its id inside the product: a letter, then letters, digits, '_' or '-'. */
export const PARAMETER_NAME_RE = /^[A-Za-z][A-Za-z0-9_-]*$/;
export const PARAMETER_NAME_RULE = 'Use letters, digits, underscores and hyphens, starting with a letter';

export const zParamChoice = z.object({
  value: required(255),
  label: required(255),
  default: z.boolean().optional(),
});

const ParamRef = z.object({ id: z.string().nullish(), name: z.string().nullish() });

export const zParameterDependency = z.object({
  parameter: ParamRef,
  values: z.array(z.string()).default([]),
  /** Hide the parameter while the dependency is unmet (default true). */
  hidden: z.boolean().optional(),
  required: z.boolean().optional(),
  readonly: z.boolean().optional(),
});

const length = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .min(0, 'Must be 0 or more')
  .nullish();

export const zParameterConstraintsInput = z.object({
  required: z.boolean().optional(),
  hidden: z.boolean().optional(),
  readonly: z.boolean().optional(),
  unique: z.boolean().optional(),
  reconciliation: z.boolean().optional(),
  shared: z.string().nullish(),
  choices: z.array(zParamChoice).nullish(),
  min_length: length,
  max_length: length,
  meta: z
    .object({ choices: z.array(zParamChoice).nullish() })
    .catchall(z.unknown())
    .nullish(),
  dependency: zParameterDependency.nullish(),
  level: z.string().nullish(),
  display_content: z.string().nullish(),
});

export const zParameterConstraints = z.object({
  required: z.boolean(),
  hidden: z.boolean(),
  readonly: z.boolean(),
  unique: z.boolean(),
  reconciliation: z.boolean(),
  shared: z.string().nullable().optional(),
  choices: z.array(zParamChoice),
  min_length: z.number().nullable(),
  max_length: z.number().nullable(),
  meta: z.record(z.string(), z.unknown()),
  dependency: zParameterDependency.nullable(),
  level: z.string().nullable().optional(),
  display_content: z.string().nullable().optional(),
});

export const Parameter = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  hint: z.string(),
  placeholder: z.string(),
  type: z.enum(PARAMETER_TYPES),
  phase: z.enum(PARAMETER_PHASES),
  scope: z.enum(PARAMETER_SCOPES),
  constraints: zParameterConstraints,
  default: z.unknown().optional(),
  default_country: z.string().nullable(),
  parent: z.object({ id: z.string().nullable(), name: z.string().optional() }).nullable(),
  position: z.number().int(),
  product: z.object({ id: z.string() }),
  events: Events,
});
export type Parameter = z.infer<typeof Parameter>;

const fields = {
  title: required(255),
  description: text(4096).nullish(),
  hint: text(1024).nullish(),
  placeholder: text(255).nullish(),
  type: z.enum(PARAMETER_TYPES, { error: `Must be one of: ${PARAMETER_TYPES.join(', ')}` }),
  phase: z.enum(PARAMETER_PHASES, { error: `Must be one of: ${PARAMETER_PHASES.join(', ')}` }),
  scope: z.enum(PARAMETER_SCOPES, { error: `Must be one of: ${PARAMETER_SCOPES.join(', ')}` }),
  constraints: zParameterConstraintsInput,
  default: z.unknown(),
  default_country: z.string().nullish(),
  parent: z.object({ id: z.string().nullable() }).nullish(),
  position: z
    .number()
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .max(1_000_000, 'Must be at most 1000000'),
};

/** name is set once; type defaults to text, phase to ordering, scope to the phase's first scope. */
export const ParameterCreate = z.object({
  name: required(100).regex(PARAMETER_NAME_RE, PARAMETER_NAME_RULE),
  ...fields,
  type: fields.type.optional(),
  phase: fields.phase.optional(),
  scope: fields.scope.optional(),
  constraints: fields.constraints.optional(),
  default: fields.default.optional(),
  position: fields.position.optional(),
});

/** Partial; constraints are merged into the current ones (a null removes a constraint). */
export const ParameterUpdate = z.object(fields).partial();

/** A parameter reads by its title wherever a user sees it; its name is the key clients and templates use. */
const PARAMETER_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'id' },
  title: { label: 'Title', kind: 'text' },
  description: { label: 'Description', kind: 'multiline' },
  type: { label: 'Type', kind: 'enum', labels: PARAMETER_TYPE_LABELS },
  phase: { label: 'Phase', kind: 'enum', labels: PARAMETER_PHASE_LABELS },
  scope: { label: 'Scope', kind: 'enum', labels: PARAMETER_SCOPE_LABELS },
  hint: { label: 'Hint', kind: 'text' },
  placeholder: { label: 'Placeholder', kind: 'text' },
  constraints: { label: 'Constraints', kind: 'list' },
  default_country: { label: 'Default country', kind: 'country' },
  position: { label: '#', kind: 'number' },
  'events.created.at': { label: 'Created', kind: 'date' },
  'events.updated.at': { label: 'Updated', kind: 'date' },
};

export const parameterResource = defineResource({
  name: 'parameter',
  title: 'Parameter',
  path: '/products/:productId/parameters',
  module: 'MD-0002',
  schema: Parameter,
  create: ParameterCreate,
  update: ParameterUpdate,
  remove: true,
  filters: {
    ...roteFilters(Parameter),
    title: filterOf(Parameter, 'title'),
    phase: filterOf(Parameter, 'phase'),
    scope: filterOf(Parameter, 'scope'),
    position: filterOf(Parameter, 'position', [...NUMBER_OPS, 'null']),
    'constraints.required': filterOf(Parameter, 'constraints.required', [...BOOL_OPS, 'in']),
    'constraints.hidden': filterOf(Parameter, 'constraints.hidden'),
    'constraints.unique': filterOf(Parameter, 'constraints.unique'),
    'constraints.reconciliation': filterOf(Parameter, 'constraints.reconciliation'),
    'constraints.shared': filterOf(Parameter, 'constraints.shared', ['eq', 'null', 'in']),
  },
  ordering: ['position', 'title', 'name', 'events.created.at'],
  defaultOrdering: 'position',
  search: ['id', 'name', 'title'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  removal: {
    label: 'Delete',
    title: () => 'Delete parameter',
    confirm: (p: Parameter) =>
      `Delete ${p.title} (${p.name})? Requests and configuration values stop carrying it from the next version.`,
    done: (p: Parameter) => `Parameter ${p.title} deleted.`,
  },
  fields: PARAMETER_FIELDS,
  list: {
    columns: ['position', 'title', 'name', 'type', 'scope', 'constraints'],
    phone: ['title', 'type'],
    filters: ['scope', 'type'],
  },
  detail: {
    fields: [
      'id',
      'name',
      'title',
      'description',
      'type',
      'phase',
      'scope',
      'hint',
      'placeholder',
      'constraints',
      'position',
    ],
  },
});

/** The constraints a parameter carries, as words ("Required", "Depends on Add-ons"); `titleOf` names another one. */
export function constraintFlags(p: Pick<Parameter, 'constraints'>, titleOf: (name: string) => string = (n) => n) {
  const c = p.constraints;
  const dep = c.dependency?.parameter?.name;
  return [
    c.required && 'Required',
    c.hidden && 'Hidden',
    c.readonly && 'Read-only',
    c.unique && 'Unique',
    c.reconciliation && 'Reconciliation',
    dep && `Depends on ${titleOf(dep)}`,
  ].filter(Boolean) as string[];
}

// ---------------------------------------------------------------- configuration data

const NamedRef = z.object({ id: z.string(), name: z.string().optional() });

/** A configuration-phase parameter's value for the product, an item, a marketplace or an item in a marketplace. */
export const ConfigurationData = z.object({
  /** parameter id, item id and marketplace id joined by ':' (the upsert key). */
  id: z.string(),
  value: z.string().nullable(),
  structured_value: z.unknown(),
  parameter: Parameter.pick({
    id: true,
    name: true,
    title: true,
    description: true,
    type: true,
    scope: true,
    phase: true,
    constraints: true,
  }),
  item: NamedRef.nullable(),
  marketplace: NamedRef.nullable(),
  product: z.object({ id: z.string() }),
  events: Events,
});
export type ConfigurationData = z.infer<typeof ConfigurationData>;

const IdRef = z.object({ id: z.string({ error: requiredError }).trim().min(1, REQUIRED) }, { error: requiredError });

export const ConfigurationDataWrite = z.object({
  parameter: IdRef,
  item: IdRef.nullish(),
  marketplace: IdRef.nullish(),
  value: text(2000).nullish(),
  structured_value: z.unknown().optional(),
});

/** POST upserts by (parameter, item, marketplace). */
export const configurationResource = defineResource({
  name: 'product-configuration',
  title: 'Configuration parameter',
  path: '/products/:productId/configurations',
  module: 'MD-0002',
  schema: ConfigurationData,
  create: ConfigurationDataWrite,
  filters: {
    'parameter.id': filterOf(ConfigurationData, 'parameter.id'),
    'parameter.title': filterOf(ConfigurationData, 'parameter.title'),
    'parameter.scope': { ...filterOf(ConfigurationData, 'parameter.scope'), ops: TEXT_OPS },
    'parameter.constraints.required': filterOf(ConfigurationData, 'parameter.constraints.required'),
    'parameter.constraints.shared': filterOf(ConfigurationData, 'parameter.constraints.shared'),
    'item.id': filterOf(ConfigurationData, 'item.id'),
    'item.name': filterOf(ConfigurationData, 'item.name'),
    'marketplace.id': filterOf(ConfigurationData, 'marketplace.id'),
    'marketplace.name': filterOf(ConfigurationData, 'marketplace.name'),
    value: filterOf(ConfigurationData, 'value'),
  },
  ordering: ['parameter.id', 'item.id', 'marketplace.id', 'value'],
  defaultOrdering: 'parameter.id',
  search: ['parameter.id', 'parameter.title', 'item.id', 'item.name', 'marketplace.id', 'value'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  fields: {
    'parameter.title': { label: 'Parameter', kind: 'text' },
    item: { label: 'Item', kind: 'ref' },
    marketplace: { label: 'Marketplace', kind: 'ref', route: 'marketplaces.details' },
    value: { label: 'Value', kind: 'text' },
  },
  list: { columns: ['parameter.title', 'item', 'marketplace', 'value'] },
});
