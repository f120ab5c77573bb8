import { z } from 'zod';
import {
  BOOL_OPS,
  ENUM_OPS,
  NUMBER_OPS,
  defineMachine,
  defineResource,
  filterOf,
  roteFilters,
} from '../resource/index.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import type { Fields } from '../resource/fields.ts';
import type { Refusal, Viewer } from '../resource/machine.ts';

// Agreements (reference /agreements, workflow agreement-versions): the terms a distributor offers, as versioned
// documents. Contracts are signed against an agreement's active version.

export const AGREEMENT_TYPES = ['distribution', 'program', 'service', 'syndication'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

export const AGREEMENT_TYPE_LABELS: Record<AgreementType, string> = {
  distribution: 'Distribution',
  program: 'Program',
  service: 'Service',
  syndication: 'Syndication',
};

/** Who signs each kind with the distributor that offers it (spec §1, reference workflows). */
export const AGREEMENT_PARTNER: Record<AgreementType, 'vendor' | 'reseller'> = {
  distribution: 'vendor',
  program: 'vendor',
  service: 'reseller',
  syndication: 'reseller',
};

/**
 * Kinds the partner asks for itself (a vendor enrolls in a distribution agreement, a reseller in a syndication
 * one); the distributor offers the other two to a partner it names.
 */
export const SELF_ENROLLED: readonly AgreementType[] = ['distribution', 'syndication'];

export const AGREEMENT_VERSION_STATUSES = ['draft', 'active', 'superseded'] as const;
export type AgreementVersionStatus = (typeof AGREEMENT_VERSION_STATUSES)[number];

export const DOCUMENT_FORMATS = ['markdown', 'pdf', 'link'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

const Ref = z.object({ id: z.string(), name: z.string() });
const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });
const FormRef = z.object({ id: z.string(), type: z.enum(['enroll', 'product', 'item']) }).nullable();

/**
 * A version's document: markdown text (rendered to HTML for both parties), an uploaded PDF (`file` is its
 * public file key) or a link to a document kept elsewhere.
 */
export const AgreementDocument = z.object({
  format: z.enum(DOCUMENT_FORMATS),
  text: z.string().optional(),
  file: z.string().nullable().optional(),
  file_name: z.string().optional(),
  link: z.string().optional(),
});
export type AgreementDocument = z.infer<typeof AgreementDocument>;

export const Agreement = z.object({
  id: z.string(),
  type: z.enum(AGREEMENT_TYPES),
  title: z.string(),
  /** The reference names the title twice. */
  name: z.string(),
  description: z.string(),
  owner: AccountRef,
  /** A distribution agreement's marketplace (the first of its marketplaces). */
  marketplace: z.object({ id: z.string(), name: z.string(), icon: z.string().optional() }).optional(),
  parent: Ref.optional(),
  /** Whether partners can sign it now: it has an active version and was not withdrawn. */
  active: z.boolean(),
  auto_accept: z.boolean(),
  document_type: z.enum(['external', 'uploaded', 'none']),
  /** Where the active version's document is read (this API's document path, or the external link). */
  link: z.string(),
  file: z.string().nullable(),
  version: z
    .object({
      version: z.number().int(),
      active: z.boolean(),
      author: z.object({ id: z.string(), name: z.string() }),
      link: z.string(),
      version_created: z.string(),
      version_contracts: z.number().int(),
    })
    .optional(),
  forms: z.object({ enroll: FormRef, product: FormRef, item: FormRef }),
  stats: z.object({ contracts: z.number().int(), versions: z.number().int() }),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type Agreement = z.infer<typeof Agreement>;

const title = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(255, maxLength(255));
const description = z.string().trim().max(4096, maxLength(4096));
const formRef = z
  .object({ id: z.string() })
  .nullable()
  .optional()
  .meta({ title: 'Enroll form', description: 'A custom form the partner fills in when enrolling.' });

export const AgreementCreate = z.object({
  type: z.enum(AGREEMENT_TYPES, { error: 'Choose one of distribution, program, service, syndication.' }),
  title,
  description: description.optional(),
  auto_accept: z.boolean().optional(),
  marketplace: z.object({ id: z.string() }).optional(),
  parent: z.object({ id: z.string() }).optional(),
  forms: z.object({ enroll: formRef }).optional(),
  /** The first version's document; a markdown text by default. */
  document: AgreementDocument.omit({ file: true, file_name: true }).partial({ format: true }).optional(),
  /** Activate the first version at once (reference: the "Activate Version" box). */
  active: z.boolean().optional(),
});
export const AgreementUpdate = z.object({
  title: title.optional(),
  description: description.optional(),
  auto_accept: z.boolean().optional(),
  forms: z.object({ enroll: formRef }).optional(),
});

/** Only the distributor that owns an agreement changes it (other providers may read an open one). */
const ownerOnly = (ownerId: string, v: Viewer): Refusal | null =>
  ownerId === v.accountId ? null : { kind: 'side', message: 'Only the owner of the agreement can change it.' };

export const agreementMachine = defineMachine<Agreement>({
  statuses: {},
  actions: {},
  editable: (a, v) => ownerOnly(a.owner.id, v),
  deletable: (a, v) =>
    ownerOnly(a.owner.id, v) ??
    (a.stats.contracts > 0
      ? { kind: 'guard', message: 'An agreement with contracts cannot be deleted; its partners keep reading it.' }
      : null),
});

const AGREEMENT_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  title: { label: 'Title', kind: 'text' },
  type: { label: 'Type', kind: 'enum', labels: AGREEMENT_TYPE_LABELS },
  description: { label: 'Description', kind: 'multiline' },
  owner: { label: 'Distributor', kind: 'ref', route: 'partners.details' },
  marketplace: { label: 'Marketplace', kind: 'ref', route: 'marketplaces.details' },
  parent: { label: 'Parent agreement', kind: 'ref', route: 'partners.agreements.details' },
  active: { label: 'Active', kind: 'bool' },
  auto_accept: { label: 'Auto accept', kind: 'bool' },
  'version.version': { label: 'Version', kind: 'number' },
  'stats.contracts': { label: 'Contracts', kind: 'number' },
  created: { label: 'Created', kind: 'date' },
  updated: { label: 'Updated', kind: 'date' },
};

export const agreementResource = defineResource({
  name: 'agreement',
  title: 'Agreement',
  path: '/agreements',
  module: 'MD-0010',
  schema: Agreement,
  create: AgreementCreate,
  update: AgreementUpdate,
  remove: true,
  filters: {
    ...roteFilters(Agreement),
    title: filterOf(Agreement, 'title'),
    active: filterOf(Agreement, 'active', BOOL_OPS),
    auto_accept: filterOf(Agreement, 'auto_accept', BOOL_OPS),
    'parent.id': filterOf(Agreement, 'parent.id'),
    'forms.id': { type: 'string', ops: ['eq', 'in', 'null'] },
    'forms.type': { type: 'string', ops: ENUM_OPS, options: ['enroll', 'product', 'item'] },
  },
  ordering: ['id', 'title', 'type', 'created', 'updated'],
  defaultOrdering: '-created',
  search: ['id', 'title', 'owner.name'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['provider'],
  machine: agreementMachine,
  fields: AGREEMENT_FIELDS,
  list: {
    columns: ['id', 'title', 'type', 'owner', 'version.version', 'active', 'stats.contracts', 'updated'],
    phone: ['title', 'active'],
    filters: ['type', 'active'],
  },
  detail: {
    fields: [
      'id',
      'title',
      'type',
      'description',
      'active',
      'auto_accept',
      'version.version',
      'stats.contracts',
      'owner',
      'marketplace',
      'parent',
    ],
  },
});

/** Sub-agreements (reference /agreements/{id}/agreements): agreements whose parent is this one. */
export const subAgreementResource = defineResource({
  ...agreementResource,
  name: 'sub-agreement',
  title: 'Sub-agreement',
  path: '/agreements/:agreementId/agreements',
  remove: false,
  update: undefined,
  machine: undefined,
});

// ---------------------------------------------------------------- versions

export const AgreementVersion = z.object({
  agreement: z.object({
    id: z.string(),
    title: z.string(),
    name: z.string(),
    description: z.string(),
    type: z.enum(AGREEMENT_TYPES),
    owner: AccountRef,
  }),
  version: z.number().int(),
  status: z.enum(AGREEMENT_VERSION_STATUSES),
  active: z.boolean(),
  author: z.object({ id: z.string(), name: z.string() }),
  document: AgreementDocument,
  /** Where the document is read. */
  link: z.string(),
  version_created: z.string(),
  version_contracts: z.number().int(),
  events: Events,
});
export type AgreementVersion = z.infer<typeof AgreementVersion>;

const documentFields = {
  format: z.enum(DOCUMENT_FORMATS).optional().meta({ title: 'Document' }),
  text: z
    .string()
    .max(200_000, maxLength(200_000))
    .optional()
    .meta({ title: 'Text', description: 'Markdown; both parties read it rendered.', multiline: true }),
  link: z.string().trim().url('Enter a valid URL.').max(2048, maxLength(2048)).optional().meta({ title: 'Link' }),
};
/** A new draft version: its document (a copy of the latest one when none is given). */
export const AgreementVersionCreate = z.object({ document: z.object(documentFields).optional() });
export const AgreementVersionUpdate = z.object({ document: z.object(documentFields) });

export const agreementVersionMachine = defineMachine<AgreementVersion>({
  statuses: {
    draft: { tone: 'info' },
    active: { tone: 'success' },
    superseded: { tone: 'default' },
  },
  actions: {
    activate: {
      label: 'Activate',
      from: ['draft'],
      to: 'active',
      by: ['provider'],
      rule: (v, viewer) => ownerOnly(v.agreement.owner.id, viewer),
      event: 'activated',
      confirm: {
        text: (v) =>
          `Version ${v.version} becomes the agreement's terms for new contracts; the current active version is superseded and contracts under it get a new version.`,
      },
      done: (v) => `Version ${v.version} is active.`,
    },
  },
  editable: (v) =>
    v.status === 'draft'
      ? null
      : { kind: 'status', message: `Only a draft version can be edited; this one is ${v.status}.` },
  deletable: (v) =>
    v.status === 'draft'
      ? null
      : { kind: 'status', message: `Only a draft version can be deleted; this one is ${v.status}.` },
});

export const agreementVersionResource = defineResource({
  name: 'agreement-version',
  title: 'Agreement version',
  path: '/agreements/:agreementId/versions',
  module: 'MD-0010',
  schema: AgreementVersion,
  create: AgreementVersionCreate,
  update: AgreementVersionUpdate,
  remove: true,
  filters: {
    version: filterOf(AgreementVersion, 'version', NUMBER_OPS),
    status: filterOf(AgreementVersion, 'status'),
    active: filterOf(AgreementVersion, 'active', BOOL_OPS),
  },
  ordering: ['version'],
  defaultOrdering: '-version',
  search: [],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['provider'],
  machine: agreementVersionMachine,
  fields: {
    version: { label: 'Version', kind: 'number' },
    status: { label: 'Status', kind: 'status' },
    author: { label: 'Author', kind: 'user' },
    version_created: { label: 'Created', kind: 'date' },
    version_contracts: { label: 'Contracts', kind: 'number' },
  },
  list: {
    columns: ['version', 'status', 'author', 'version_created', 'version_contracts'],
    phone: ['version', 'status'],
  },
  detail: { fields: ['version', 'status', 'author', 'version_created', 'version_contracts'] },
});

// ---------------------------------------------------------------- what an agreement covers, who signed it

/** A marketplace an agreement covers (reference /agreements/{id}/marketplaces). */
export const AgreementMarketplace = z.object({
  /** The agreement that covers it. */
  agreement: z.object({ id: z.string() }).optional(),
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  icon: z.string().optional(),
  countries: z.array(z.object({ id: z.string(), name: z.string() })),
  currency: z.string().nullable(),
  stats: z.object({ hubs: z.number().int(), contracts: z.number().int() }),
});
export type AgreementMarketplace = z.infer<typeof AgreementMarketplace>;

export const agreementMarketplaceResource = defineResource({
  name: 'agreement-marketplace',
  title: 'Marketplace',
  path: '/agreements/:agreementId/marketplaces',
  module: 'MD-0010',
  schema: AgreementMarketplace,
  create: z.object({ id: z.string({ error: REQUIRED }).trim().min(1, REQUIRED) }),
  remove: true,
  filters: { ...roteFilters(AgreementMarketplace), currency: filterOf(AgreementMarketplace, 'currency') },
  ordering: ['id', 'name'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['provider'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Marketplace', kind: 'text' },
    currency: { label: 'Currency', kind: 'text' },
    'stats.contracts': { label: 'Contracts', kind: 'number' },
  },
  list: { columns: ['id', 'name', 'currency', 'stats.contracts'], phone: ['name'] },
});
