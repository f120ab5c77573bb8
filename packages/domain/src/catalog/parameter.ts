import { z } from 'zod';
import { BOOL_OPS, ENUM_OPS, NUMBER_OPS, TEXT_OPS, DATE_OPS, defineResource } from '../resource/define.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED } from '../validation/messages.ts';
import { requiredError } from '../validation/zod.ts';
import { PARAMETER_PHASES, PARAMETER_SCOPES, PARAMETER_TYPES } from '../parameters/types.ts';

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

const length = z.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(0, 'Must be 0 or more').nullish();

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
  meta: z.object({ choices: z.array(zParamChoice).nullish() }).catchall(z.unknown()).nullish(),
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
  position: z.number().int('Must be a whole number').min(0, 'Must be 0 or more').max(1_000_000, 'Must be at most 1000000'),
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
    id: { type: 'string', ops: [...TEXT_OPS] },
    name: { type: 'string', ops: TEXT_OPS },
    title: { type: 'string', ops: TEXT_OPS },
    type: { type: 'string', ops: ENUM_OPS, options: PARAMETER_TYPES },
    phase: { type: 'string', ops: ENUM_OPS, options: PARAMETER_PHASES },
    scope: { type: 'string', ops: ENUM_OPS, options: PARAMETER_SCOPES },
    position: { type: 'number', ops: [...NUMBER_OPS, 'null'] },
    'constraints.required': { type: 'boolean', ops: [...BOOL_OPS, 'in'] },
    'constraints.hidden': { type: 'boolean', ops: BOOL_OPS },
    'constraints.unique': { type: 'boolean', ops: BOOL_OPS },
    'constraints.reconciliation': { type: 'boolean', ops: BOOL_OPS },
    'constraints.shared': { type: 'string', ops: ['eq', 'null', 'in'] },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['position', 'title', 'name', 'events.created.at'],
  defaultOrdering: 'position',
  search: ['id', 'name', 'title'],
  columns: ['id', 'name', 'title', 'type', 'phase', 'scope', 'constraints.required'],
  visibleTo: ['vendor', 'provider'],
});

// ---------------------------------------------------------------- configuration data

const NamedRef = z.object({ id: z.string(), name: z.string().optional() });

/** A configuration-phase parameter's value for the product, an item, a marketplace or an item in a marketplace. */
export const ConfigurationData = z.object({
  /** parameter id, item id and marketplace id joined by ':' (the upsert key). */
  id: z.string(),
  value: z.string().nullable(),
  structured_value: z.unknown(),
  parameter: Parameter.pick({ id: true, name: true, title: true, description: true, type: true, scope: true, phase: true, constraints: true }),
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
    'parameter.id': { type: 'string', ops: TEXT_OPS },
    'parameter.title': { type: 'string', ops: TEXT_OPS },
    'parameter.scope': { type: 'string', ops: TEXT_OPS },
    'parameter.constraints.required': { type: 'boolean', ops: BOOL_OPS },
    'parameter.constraints.shared': { type: 'string', ops: TEXT_OPS },
    'item.id': { type: 'string', ops: TEXT_OPS },
    'item.name': { type: 'string', ops: TEXT_OPS },
    'marketplace.id': { type: 'string', ops: TEXT_OPS },
    'marketplace.name': { type: 'string', ops: TEXT_OPS },
    value: { type: 'string', ops: TEXT_OPS },
  },
  ordering: ['parameter.id', 'item.id', 'marketplace.id', 'value'],
  defaultOrdering: 'parameter.id',
  search: ['parameter.id', 'parameter.title', 'item.id', 'item.name', 'marketplace.id', 'value'],
  columns: ['parameter.title', 'parameter.scope', 'item.name', 'marketplace.id', 'value'],
  visibleTo: ['vendor', 'provider'],
});
