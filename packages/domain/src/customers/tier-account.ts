import { z } from 'zod';
import { accountContactInfoSchema, accountContactSchema, accountFormSchema } from '../validation/account-form.ts';
import { REQUIRED } from '../validation/messages.ts';
import * as rules from '../validation/rules.ts';
import { ruleCheck, zPhone, zRequiredString } from '../validation/zod.ts';
import {
  DATE_OPS,
  ENUM_OPS,
  NUMBER_OPS,
  TEXT_OPS,
  defineResource,
  defineMachine,
  statusTones,
  filterOf,
  roteFilters,
  transitionMessage,
  type Fields,
} from '../resource/index.ts';
import { Events } from '../identity/common.ts';

// Tier accounts: a provider's customers and resellers (T1, T2), shaped like the reference's
// dp.TierAccountDetail. Workflow 'tier-accounts': created Active; removal makes it Decommissioned (final).

export const TIER_ACCOUNT_TYPES = ['customer', 'reseller'] as const;
export const TIER_SCOPES = ['customer', 'tier1', 'tier2'] as const;
export const TIER_ACCOUNT_STATUSES = ['active', 'decommissioned'] as const;
export const TIER_ENVIRONMENTS = ['production', 'test', 'preview'] as const;
export const TIER_DATABASES = ['EU', 'US', 'JP', 'AU'] as const;
export type TierScope = (typeof TIER_SCOPES)[number];
export type TierAccountType = (typeof TIER_ACCOUNT_TYPES)[number];

/** Portal labels of the scopes (spec §1: "Tier labels are T1, T2 and Customer"). */
export const TIER_SCOPE_LABELS: Record<TierScope, string> = { customer: 'Customer', tier1: 'T1', tier2: 'T2' };

/** A reseller without parent is a T1; one under a T1 is a T2; customers are customers. */
export function tierScopeOf(type: TierAccountType, parentScope: TierScope | null): TierScope {
  if (type === 'customer') return 'customer';
  return parentScope === 'tier1' ? 'tier2' : 'tier1';
}

/** The data-centre region (`db`) a tier account's data lives in, from its country. */
export function tierDatabaseOf(country: string | null | undefined): (typeof TIER_DATABASES)[number] {
  const c = (country ?? '').trim().toUpperCase();
  if (['US', 'CA', 'MX', 'BR', 'AR', 'CL', 'CO', 'PE'].includes(c)) return 'US';
  if (c === 'JP') return 'JP';
  if (['AU', 'NZ'].includes(c)) return 'AU';
  return 'EU';
}

// ---------------------------------------------------------------- stored / returned shape

const nullableText = z.string().nullable();
export const TierPhoneNumber = z.object({
  country_code: nullableText.optional(),
  area_code: nullableText.optional(),
  phone_number: nullableText.optional(),
  extension: nullableText.optional(),
});
export const TierContactInfo = z.object({
  address_line1: z.string(),
  address_line2: nullableText.optional(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  contact: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: TierPhoneNumber,
  }),
});
export const TierAccountRef = z.object({
  id: z.string(),
  name: z.string().nullable(),
  external_id: z.string().nullable().optional(),
});

export const TierAccount = z.object({
  id: z.string(),
  version: z.number().int(),
  name: z.string(),
  type: z.enum(TIER_ACCOUNT_TYPES),
  status: z.enum(TIER_ACCOUNT_STATUSES),
  scopes: z.array(z.enum(TIER_SCOPES)),
  db: z.enum(TIER_DATABASES),
  external_id: z.string().nullable(),
  external_uid: z.string(),
  tax_id: z.string().nullable(),
  parent: TierAccountRef.extend({ parent: TierAccountRef.nullable().optional() }).nullable(),
  owner: z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() }),
  hub: z.object({ id: z.string(), name: z.string() }).nullable(),
  environment: z.enum(TIER_ENVIRONMENTS).nullable(),
  contact_info: TierContactInfo,
  events: Events,
});
export type TierAccount = z.infer<typeof TierAccount>;

// ---------------------------------------------------------------- input: the account form (spec §3, §5)

/** Adds a maximum length (reference maxLength) with the spec's message. */
const capped = <S extends z.ZodType<string | null | undefined>>(schema: S, n: number): S =>
  schema.superRefine(ruleCheck((v: string | null | undefined) => rules.maxLength(v, n))) as S;

/**
 * The reference nests the contact inside contact_info and names the subscriber number `phone_number`;
 * the portal's account form keeps `contact` beside `contact_info` and calls it `phone`. The fields,
 * requiredness and messages are the account form's (validation/account-form.ts).
 */
export const tierContactSchema = accountContactSchema.extend({
  first_name: capped(accountContactSchema.shape.first_name, 100),
  last_name: capped(accountContactSchema.shape.last_name, 100),
  email: capped(accountContactSchema.shape.email, 254),
  phone_number: zPhone({ numberKey: 'phone_number' }).prefault({}),
});
export const tierContactInfoSchema = accountContactInfoSchema.extend({
  address_line1: capped(accountContactInfoSchema.shape.address_line1, 255),
  address_line2: capped(accountContactInfoSchema.shape.address_line2, 255),
  city: capped(accountContactInfoSchema.shape.city, 100),
  state: capped(accountContactInfoSchema.shape.state, 100),
  postal_code: capped(accountContactInfoSchema.shape.postal_code, 50),
  country: capped(accountContactInfoSchema.shape.country, 100),
  // A missing contact still reports each of its required fields.
  contact: tierContactSchema.prefault({} as z.input<typeof tierContactSchema>),
});

const form = accountFormSchema.shape;
const idRef = z.object(
  { id: zRequiredString() },
  { error: (i) => (i.input == null ? REQUIRED : 'Expected an object with an id') },
);
const fields = {
  name: form.name,
  external_uid: capped(form.external_uid, 255),
  external_id: capped(form.external_id, 255),
  tax_id: capped(form.tax_id, 100),
  type: z.enum(TIER_ACCOUNT_TYPES, { error: `type must be one of ${TIER_ACCOUNT_TYPES.join(', ')}` }),
  parent: idRef.nullable(),
  environment: z
    .enum(TIER_ENVIRONMENTS, { error: `environment must be one of ${TIER_ENVIRONMENTS.join(', ')}` })
    .nullable(),
  hub: idRef.nullable(),
  contact_info: tierContactInfoSchema,
};

export const TierAccountCreate = z.object({
  ...fields,
  type: fields.type.default('customer'),
  parent: fields.parent.optional(),
  environment: fields.environment.optional(),
  hub: fields.hub.optional(),
  // Missing nested objects are parsed as {} so each required field reports its own issue.
  contact_info: tierContactInfoSchema.prefault({} as z.input<typeof tierContactInfoSchema>),
});
export type TierAccountCreate = z.infer<typeof TierAccountCreate>;

/** Every field optional; a given field is checked like on create, and contact_info is replaced whole. */
export const TierAccountUpdate = z.object({
  name: fields.name.optional(),
  external_uid: fields.external_uid.optional(),
  external_id: fields.external_id,
  tax_id: fields.tax_id,
  type: fields.type.optional(),
  parent: fields.parent.optional(),
  environment: fields.environment.optional(),
  contact_info: tierContactInfoSchema.optional(),
});
export type TierAccountUpdate = z.infer<typeof TierAccountUpdate>;

// ---------------------------------------------------------------- resources

/**
 * Tier accounts of the caller's (provider) account. The reference has no `customers` path: the
 * Customers module is this collection, and `eq(scopes,customer)` (or `eq(type,customer)`) lists customers.
 * Decommissioned accounts are left out of lists unless the filter names `status`.
 */
/** "Customer", "T1 reseller", "T2 reseller". */
export const TIER_LABELS: Record<TierScope, string> = {
  customer: 'Customer',
  tier1: 'T1 reseller',
  tier2: 'T2 reseller',
};
export const tierLabel = (a: Pick<TierAccount, 'type' | 'scopes'>): string =>
  a.type === 'customer' || !a.scopes[0] ? 'Customer' : TIER_LABELS[a.scopes[0]];

const TIER_ACCOUNT_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  scopes: { label: 'Tier', kind: 'list', labels: TIER_LABELS },
  status: { label: 'Status', kind: 'status' },
  parent: { label: 'Parent', kind: 'ref', route: 'customers.directory.details', empty: 'None (direct)' },
  hub: { label: 'Hub', kind: 'ref', route: 'hubs.details' },
  external_uid: { label: 'External UID', kind: 'text' },
  external_id: { label: 'External ID', kind: 'text' },
  tax_id: { label: 'Tax ID', kind: 'text' },
  contact_info: { label: 'Address', kind: 'address' },
  'contact_info.country': { label: 'Country', kind: 'country' },
  'contact_info.contact': { label: 'Contact', kind: 'contact' },
  environment: { label: 'Environment', kind: 'enum' },
  db: { label: 'Data region', kind: 'enum', labels: { EU: 'EU', US: 'US', JP: 'JP', AU: 'AU' } },
  version: { label: 'Version', kind: 'number' },
  'events.updated.at': { label: 'Updated', kind: 'date' },
};

export const tierAccountResource = defineResource({
  name: 'tier-account',
  title: 'Tier account',
  path: '/tier/accounts',
  module: 'MD-0009',
  schema: TierAccount,
  create: TierAccountCreate,
  update: TierAccountUpdate,
  remove: true,
  filters: {
    ...roteFilters(TierAccount, ['parent.parent']),
    scopes: filterOf(TierAccount, 'scopes'),
    environment: filterOf(TierAccount, 'environment'),
    db: filterOf(TierAccount, 'db'),
    version: filterOf(TierAccount, 'version'),
    tax_id: filterOf(TierAccount, 'tax_id'),
    'contact_info.contact.email': filterOf(TierAccount, 'contact_info.contact.email'),
    'contact_info.country': filterOf(TierAccount, 'contact_info.country', TEXT_OPS),
  },
  ordering: [
    'id',
    'name',
    'external_id',
    'type',
    'status',
    'version',
    'parent.name',
    'events.created.at',
    'events.updated.at',
  ],
  defaultOrdering: 'name',
  search: ['id', 'name', 'external_id', 'external_uid', 'contact_info.contact.email'],
  machine: defineMachine<TierAccount>({
    statuses: statusTones(TIER_ACCOUNT_STATUSES),
    actions: {},
    editable: (a) =>
      a.status === 'active' ? null : { kind: 'status', message: transitionMessage('update', a.status) },
    deletable: (a) =>
      a.status === 'active' ? null : { kind: 'status', message: transitionMessage('delete', a.status) },
  }),
  writableBy: ['provider'],
  removal: {
    label: 'Decommission',
    keeps: true,
    title: (a: TierAccount) => `Decommission ${a.type === 'reseller' ? 'reseller' : 'customer'}`,
    confirm: (a: TierAccount) =>
      `Decommission ${a.name} (${a.id})? It stays readable but can no longer be changed. This cannot be undone.`,
    done: (a: TierAccount) => `${tierLabel(a)} ${a.name} was decommissioned.`,
  },
  fields: TIER_ACCOUNT_FIELDS,
  list: {
    columns: ['name', 'id', 'external_id', 'scopes', 'parent', 'status', 'events.updated.at'],
    phone: ['name', 'status'],
    filters: ['status', 'scopes'],
  },
  detail: {
    fields: [
      'id',
      'name',
      'scopes',
      'status',
      'external_uid',
      'external_id',
      'tax_id',
      'contact_info',
      'contact_info.contact',
      'environment',
      'db',
      'version',
      'parent',
      'hub',
    ],
  },
});

/** A tier account as it was at one version (the latest is the account itself). */
export const TierAccountVersion = TierAccount;
export type TierAccountVersion = TierAccount;

export const tierAccountVersionResource = defineResource({
  name: 'tier-account-version',
  title: 'Tier account version',
  path: '/tier/accounts/:accountId/versions',
  module: 'MD-0009',
  schema: TierAccountVersion,
  filters: {
    version: { type: 'number', ops: NUMBER_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: TIER_ACCOUNT_STATUSES },
    'events.updated.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['version'],
  defaultOrdering: '-version',
  search: [],
});
