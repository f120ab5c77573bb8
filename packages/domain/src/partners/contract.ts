import { z } from 'zod';
import { defineMachine, defineResource, filterOf, roteFilters, NUMBER_OPS } from '../resource/index.ts';
import type { ActionDecl, Refusal, Viewer } from '../resource/machine.ts';
import { transitionMessage } from '../resource/machine.ts';
import { Events } from '../identity/common.ts';
import { maxLength } from '../validation/messages.ts';
import { AGREEMENT_TYPES, AGREEMENT_TYPE_LABELS, type AgreementType } from './agreement.ts';
import type { Fields } from '../resource/fields.ts';

// Contracts (reference /contracts, workflows distribution-, program-, service- and syndication-contracts): one
// partner's signature under an agreement's version. `issuer` is the distributor that owns the agreement, `owner`
// the partner that holds the contract (a vendor, or a reseller).

export const CONTRACT_STATUSES = ['enrolling', 'pending', 'active', 'rejected', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_TYPES = AGREEMENT_TYPES;
export type ContractType = AgreementType;
export const CONTRACT_TYPE_LABELS = AGREEMENT_TYPE_LABELS;

/** Statuses that still bind (at most one per agreement and partner). */
export const OPEN_CONTRACT_STATUSES: readonly ContractStatus[] = ['enrolling', 'pending', 'active'];

const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });

export const Contract = z.object({
  id: z.string(),
  type: z.enum(CONTRACT_TYPES),
  status: z.enum(CONTRACT_STATUSES),
  /** The agreement's title. */
  name: z.string(),
  /** The contract's own version: a new one each time its agreement gets a new active version. */
  version: z.number().int(),
  version_created: z.string(),
  agreement: z.object({ id: z.string(), name: z.string(), type: z.enum(AGREEMENT_TYPES), version: z.number().int() }),
  issuer: AccountRef,
  owner: AccountRef,
  creator: AccountRef,
  marketplace: z.object({ id: z.string(), name: z.string(), icon: z.string().optional() }).optional(),
  /** When the partner enrolled (filled the form and signed). */
  enrolled: z.string().nullable(),
  signee: z.object({ id: z.string(), name: z.string().nullable() }).optional(),
  kind: z.enum(['production', 'test']),
  note: z.string().nullable(),
  termination_note: z.string().nullable(),
  expire_at: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type Contract = z.infer<typeof Contract>;

// ---------------------------------------------------------------- who acts

/** The account that signs or approves a pending contract: the partner for program and service, else the issuer. */
export const approverOf = (c: Pick<Contract, 'type' | 'owner' | 'issuer'>) =>
  c.type === 'program' || c.type === 'service' ? c.owner.id : c.issuer.id;

/** What the pending contract waits for, in the words of the one who acts. */
export const signLabel = (c: Pick<Contract, 'type'>) =>
  c.type === 'program' || c.type === 'service' ? 'Sign' : 'Approve';

const onlyIssuer = (c: Contract, v: Viewer): Refusal | null =>
  c.issuer.id === v.accountId
    ? null
    : { kind: 'side', message: `Only ${c.issuer.name} (the distributor) can do this.` };
const onlyOwner = (c: Contract, v: Viewer): Refusal | null =>
  c.owner.id === v.accountId ? null : { kind: 'side', message: `Only ${c.owner.name} (the partner) can do this.` };
const onlyApprover = (c: Contract, v: Viewer): Refusal | null =>
  approverOf(c) === v.accountId
    ? null
    : { kind: 'side', message: `Only ${approverOf(c) === c.owner.id ? c.owner.name : c.issuer.name} can do this.` };

/** Answers to the agreement's enroll form, by field name. */
export const ContractEnroll = z.object({
  data: z.record(z.string(), z.unknown()).optional(),
});
export const ContractNote = z.object({
  note: z
    .string()
    .trim()
    .max(100, maxLength(100))
    .optional()
    .meta({ title: 'Note', description: 'Optional; the other party reads it.' }),
});
export const ContractTermination = z.object({
  termination_note: z
    .string()
    .trim()
    .max(100, maxLength(100))
    .optional()
    .meta({ title: 'Reason', description: 'Optional; the partner reads it.' }),
});

/**
 * The contract lifecycle the four kinds share. Distribution contracts start `enrolling` (the vendor fills the
 * agreement's form and enrolls; the distributor may send them back with refine); program and service contracts
 * start `pending` for the partner to sign; syndication contracts start `pending` for the distributor to approve.
 * An auto-accept agreement makes the enrolment active at once.
 */
const actions: Record<string, ActionDecl<Contract>> = {
  enroll: {
    label: 'Enroll',
    from: ['enrolling'],
    to: 'pending',
    rule: onlyOwner,
    body: ContractEnroll,
    form: false,
    event: 'enrolled',
    done: (c) =>
      c.status === 'active'
        ? `Enrolled: the contract with ${c.issuer.name} is active.`
        : `Enrolled: ${c.issuer.name} reviews the contract.`,
  },
  refine: {
    label: 'Ask to refine',
    from: ['pending'],
    to: 'enrolling',
    rule: onlyIssuer,
    body: ContractNote,
    event: 'refined',
    guard: (c) => (c.type === 'distribution' ? null : 'Only distribution contracts go back to enrolling.'),
    shown: (c) => c.type === 'distribution',
    intro: (c) => `${c.owner.name} is asked to review the enrolment data and enroll again.`,
    done: (c) => `Sent back to ${c.owner.name} to refine the data.`,
  },
  sign: {
    label: 'Sign',
    from: ['pending'],
    to: 'active',
    rule: onlyApprover,
    form: false,
    confirm: {
      title: 'Sign contract',
      text: (c) => `Sign contract ${c.id} under "${c.name}" (version ${c.agreement.version})? It becomes active.`,
    },
    done: (c) => `Contract ${c.id} is active.`,
  },
  reject: {
    label: 'Reject',
    from: ['pending'],
    to: 'rejected',
    rule: onlyApprover,
    body: ContractNote,
    event: 'rejected',
    intro: () => 'The contract is rejected for good; a new one can be enrolled or offered afterwards.',
    done: (c) => `Contract ${c.id} is rejected.`,
  },
  terminate: {
    label: 'Terminate',
    from: ['active'],
    to: 'terminated',
    rule: onlyIssuer,
    body: ContractTermination,
    event: 'terminated',
    intro: (c) =>
      c.type === 'distribution'
        ? `The contract ends for good. Without another active distribution contract, ${c.owner.name} can no longer start listings in your marketplaces; its existing subscriptions stay.`
        : 'The contract ends for good.',
    done: (c) => `Contract ${c.id} is terminated.`,
  },
};

export const contractMachine = defineMachine<Contract>({
  statuses: {
    enrolling: { tone: 'info' },
    pending: { tone: 'warning' },
    active: { tone: 'success' },
    rejected: { tone: 'error' },
    terminated: { tone: 'default' },
  },
  actions,
  editable: (c, v) =>
    c.status === 'rejected' || c.status === 'terminated'
      ? { kind: 'status', message: transitionMessage('update', c.status) }
      : c.issuer.id === v.accountId || c.owner.id === v.accountId
        ? null
        : { kind: 'side', message: 'Only the parties of the contract can edit it.' },
  // reference: a distributor removes a pending program or service contract; a vendor abandons its enrolment
  deletable: (c, v) => {
    if (c.status === 'enrolling') return onlyOwner(c, v);
    if (c.status === 'pending' && (c.type === 'program' || c.type === 'service')) return onlyIssuer(c, v);
    return { kind: 'status', message: transitionMessage('delete', c.status) };
  },
});

/** A note either party keeps on the contract (reference PUT /contracts/{id}). */
export const ContractUpdate = z.object({
  note: z.string().trim().max(100, maxLength(100)).nullable().optional(),
});

const CONTRACT_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  type: { label: 'Type', kind: 'enum', labels: CONTRACT_TYPE_LABELS },
  status: { label: 'Status', kind: 'status' },
  name: { label: 'Agreement', kind: 'text' },
  agreement: { label: 'Agreement', kind: 'ref', route: 'partners.agreements.details' },
  'agreement.version': { label: 'Agreement version', kind: 'number' },
  version: { label: 'Version', kind: 'number' },
  issuer: { label: 'Distributor', kind: 'ref', route: 'partners.details' },
  owner: { label: 'Partner', kind: 'ref', route: 'partners.details' },
  marketplace: { label: 'Marketplace', kind: 'ref', route: 'marketplaces.details' },
  enrolled: { label: 'Enrolled', kind: 'date', hideEmpty: true },
  note: { label: 'Note', kind: 'text', hideEmpty: true },
  termination_note: { label: 'Termination reason', kind: 'text', hideEmpty: true },
  created: { label: 'Created', kind: 'date' },
  updated: { label: 'Updated', kind: 'date' },
};

export const contractResource = defineResource({
  name: 'contract',
  title: 'Contract',
  path: '/contracts',
  module: 'MD-0010',
  schema: Contract,
  update: ContractUpdate,
  remove: true,
  filters: {
    ...roteFilters(Contract),
    'agreement.type': filterOf(Contract, 'agreement.type'),
    version: filterOf(Contract, 'version', NUMBER_OPS),
    kind: filterOf(Contract, 'kind'),
    'partner.id': { type: 'string', ops: ['eq', 'ne', 'in', 'out', 'like', 'ilike', 'null'] },
  },
  ordering: ['id', 'status', 'type', 'created', 'updated', 'agreement.name', 'owner.name', 'issuer.name'],
  defaultOrdering: '-created',
  search: ['id', 'name', 'owner.name', 'issuer.name'],
  visibleTo: ['vendor', 'provider'],
  machine: contractMachine,
  fields: CONTRACT_FIELDS,
  list: {
    columns: ['id', 'agreement', 'type', 'issuer', 'owner', 'version', 'status', 'updated'],
    phone: ['agreement', 'status'],
    filters: ['status', 'type'],
  },
  detail: {
    fields: [
      'id',
      'type',
      'status',
      'version',
      'agreement.version',
      'enrolled',
      'note',
      'termination_note',
      'agreement',
      'issuer',
      'owner',
      'marketplace',
    ],
  },
});

/**
 * Contracts under one agreement (reference /agreements/{id}/contracts). POST is how a contract starts: the
 * distributor offers a program or service contract to the partner it names; a vendor enrolls in a distribution
 * agreement, a reseller in a syndication one (no body).
 */
export const AgreementContractCreate = z.object({
  owner: z.object({ id: z.string() }).optional().meta({ title: 'Partner' }),
  note: z.string().trim().max(100, maxLength(100)).optional(),
});

export const agreementContractResource = defineResource({
  ...contractResource,
  name: 'agreement-contract',
  path: '/agreements/:agreementId/contracts',
  create: AgreementContractCreate,
  update: undefined,
  remove: false,
  machine: undefined,
});

// ---------------------------------------------------------------- versions

/** One version of a contract: its state when its agreement got a new active version (reference ContractVersion). */
export const ContractVersion = z.object({
  contract: Contract,
  version: z.string(),
  signee: z.object({ id: z.string(), name: z.string().nullable() }).optional(),
  version_created: z.string(),
});
export type ContractVersion = z.infer<typeof ContractVersion>;

export const contractVersionResource = defineResource({
  name: 'contract-version',
  title: 'Contract version',
  path: '/contracts/:contractId/versions',
  module: 'MD-0010',
  schema: ContractVersion,
  filters: {},
  ordering: ['version'],
  defaultOrdering: '-version',
  search: [],
  visibleTo: ['vendor', 'provider'],
  writableBy: [],
  fields: {
    version: { label: 'Version', kind: 'text' },
    'contract.agreement.version': { label: 'Agreement version', kind: 'number' },
    'contract.status': { label: 'Status', kind: 'status' },
    version_created: { label: 'Created', kind: 'date' },
  },
  list: { columns: ['version', 'contract.agreement.version', 'contract.status', 'version_created'] },
});

// ---------------------------------------------------------------- data

export const CONTRACT_DATA_TYPES = ['enroll', 'product', 'item'] as const;

/**
 * What the partner filled in under a contract (reference ContractData): the enroll form's answers, or data about
 * one of its products or items, each with the form version it answered.
 */
export const ContractData = z.object({
  id: z.string(),
  type: z.enum(CONTRACT_DATA_TYPES),
  contract: z.object({ id: z.string(), name: z.string(), type: z.string() }),
  product: z.object({ id: z.string(), name: z.string() }).optional(),
  item: z.object({ id: z.string(), name: z.string() }).optional(),
  data: z.record(z.string(), z.unknown()),
  form_version: z.object({ id: z.string(), version: z.number().int().optional() }).optional(),
  events: Events,
});
export type ContractData = z.infer<typeof ContractData>;

const DataBody = z.record(z.string(), z.unknown(), { error: 'data: Expected an object of answers by field name.' });
export const ContractProductDataWrite = z.object({
  product: z.object({ id: z.string() }).optional(),
  data: DataBody,
});

const dataDecl = {
  module: 'MD-0010',
  schema: ContractData,
  filters: {
    id: filterOf(ContractData, 'id'),
    type: filterOf(ContractData, 'type'),
    'product.id': filterOf(ContractData, 'product.id'),
    'item.id': filterOf(ContractData, 'item.id'),
  },
  ordering: ['id'],
  defaultOrdering: 'id',
  search: [],
  visibleTo: ['vendor', 'provider'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    type: { label: 'Type', kind: 'text' },
    product: { label: 'Product', kind: 'ref', route: 'product' },
    item: { label: 'Item', kind: 'text' },
  },
  list: { columns: ['id', 'type', 'product'] },
} as const;

/** Everything filled in under a contract. */
export const contractDataResource = defineResource({
  ...dataDecl,
  name: 'contract-data',
  title: 'Contract data',
  noun: 'contract data',
  path: '/contracts/:contractId/data',
  writableBy: [],
});
/** Data about the partner's products (`:id` is the product id). */
export const contractProductDataResource = defineResource({
  ...dataDecl,
  name: 'contract-product-data',
  title: 'Product data',
  noun: 'product data',
  path: '/contracts/:contractId/data/products',
  create: ContractProductDataWrite.required({ product: true }),
  update: ContractProductDataWrite.pick({ data: true }),
});
/** Data about the items of one of the partner's products (`:id` is the item id). */
export const contractItemDataResource = defineResource({
  ...dataDecl,
  name: 'contract-item-data',
  title: 'Item data',
  noun: 'item data',
  path: '/contracts/:contractId/data/products/:productId/items',
  create: z.object({ item: z.object({ id: z.string() }), data: DataBody }),
  update: ContractProductDataWrite.pick({ data: true }),
});
