import { z } from 'zod';
import { defineMachine, defineResource, roteFilters, statusTones } from '../resource/index.ts';
import type { Fields } from '../resource/fields.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import { LEAD_FORM_STATUSES, LEAD_FORM_TEMPLATES } from './lead-form.ts';

// Lead records (reference /leads/records): a visitor's answers to a listing's lead form, sent through the public
// embed or recorded by a party of the listing. The listing's vendor receives it and qualifies or invalidates it;
// the distributor (the marketplace's owner) reads the leads of its marketplaces.

export const LEAD_STATUSES = ['pending', 'qualified', 'invalid'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** Where a lead came from: the public form, or a call of the API (`POST /leads/records`). */
export const LEAD_SOURCES = ['embed', 'api'] as const;
export const LEAD_SOURCE_LABELS = { embed: 'Public form', api: 'Recorded by a user' } as const;

const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });
const IconRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });

export const LeadRecord = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(LEAD_STATUSES),
  vendor: AccountRef,
  distributor: AccountRef,
  form: z.object({
    id: z.string(),
    name: z.string(),
    owner: AccountRef,
    status: z.enum(LEAD_FORM_STATUSES),
    template: z.enum(LEAD_FORM_TEMPLATES),
  }),
  listing: z.object({ id: z.string(), product: IconRef, marketplace: IconRef, provider: AccountRef }),
  product: IconRef,
  marketplace: IconRef,
  /** The answers, by field name: a string, or the structured value of an address, phone or checkbox field. */
  data: z.record(z.string(), z.unknown()),
  /** Why it was qualified or invalidated (reference: "status change reason"). */
  note: z.string(),
  source: z.enum(LEAD_SOURCES),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type LeadRecord = z.infer<typeof LeadRecord>;

// ---------------------------------------------------------------- answers

/** Bounds of one answer: a visitor's text, and the parts of a structured value. */
export const MAX_ANSWER_LENGTH = 4000;
const text = z.string().max(MAX_ANSWER_LENGTH, maxLength(MAX_ANSWER_LENGTH));
const part = z.union([z.string().max(1000, maxLength(1000)), z.number(), z.boolean(), z.null()]);
/** One answer: text, a number or flag, the parts of a structured value, checked options, or `{value, structured_value}`. */
const LeadAnswer = z.union([
  text,
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string().max(255, maxLength(255))).max(100),
  z.strictObject({
    value: z.union([text, z.null()]).optional(),
    structured_value: z.union([z.record(z.string().max(64), part), z.array(z.string().max(255)).max(100)]).optional(),
  }),
  z.record(z.string().max(64), part),
]);
/** The answers of a lead, by field name; which names a form accepts is the form's business. */
export const LeadAnswers = z
  .record(z.string().max(64, 'A field name has at most 64 characters.'), LeadAnswer, {
    error: 'data must be an object of answers by field name',
  })
  .refine((d) => Object.keys(d).length <= 100, 'A lead has at most 100 answers.');

const leadName = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(128, maxLength(128));

/** POST /leads/records (reference Lead): a lead a party of the listing records itself. */
export const LeadRecordCreate = z.object({
  name: leadName,
  listing: z.object({ id: z.string({ error: REQUIRED }).max(64) }, { error: 'listing: {id} of the listing' }),
  data: LeadAnswers,
});

/**
 * POST /embed/leads/listings/{id}/leads: what an anonymous visitor sends. Strict: an unknown key is a 400, so a
 * mistyped or smuggled field is refused rather than ignored. `name` defaults to the first answer that reads as one.
 */
export const EmbedLeadCreate = z.strictObject({
  name: leadName.optional(),
  data: LeadAnswers,
  /** The reCAPTCHA answer, when the installation checks them. */
  recaptcha: z.string().max(8000).optional(),
});

export const LeadNote = z.object({
  note: z
    .string()
    .trim()
    .max(255, maxLength(255))
    .optional()
    .meta({ title: 'Note', description: 'Optional: why, for your team.', multiline: true }),
});

export const leadRecordMachine = defineMachine<LeadRecord>({
  statuses: statusTones(LEAD_STATUSES, {
    pending: { tone: 'warning', label: 'New' },
    qualified: 'success',
    invalid: 'error',
  }),
  actions: {
    qualify: {
      label: 'Qualify',
      from: ['pending'],
      to: 'qualified',
      by: ['vendor'],
      body: LeadNote,
      event: 'qualified',
      intro: (r) => `${r.name} becomes a qualified lead of ${r.product.name}.`,
      done: (r) => `${r.name} is qualified.`,
    },
    invalidate: {
      label: 'Invalidate',
      from: ['pending'],
      to: 'invalid',
      by: ['vendor'],
      body: LeadNote,
      event: 'invalidated',
      intro: (r) => `${r.name} is marked as not a real lead (spam, a test, a duplicate).`,
      done: (r) => `${r.name} is marked invalid.`,
    },
  },
});

const LEAD_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  status: { label: 'Status', kind: 'status' },
  product: { label: 'Product', kind: 'ref', route: 'product', sort: 'product.name' },
  marketplace: { label: 'Marketplace', kind: 'ref', route: 'marketplaces.details', sort: 'marketplace.name' },
  listing: { label: 'Listing', kind: 'ref', route: 'listings.directory.details' },
  form: { label: 'Lead form', kind: 'ref', route: 'leads.forms.details' },
  party: { label: 'Party', kind: 'party', party: { vendor: 'vendor', provider: 'distributor' } },
  source: { label: 'Source', kind: 'enum', labels: LEAD_SOURCE_LABELS },
  note: { label: 'Note', kind: 'multiline', hideEmpty: true },
  created: { label: 'Received', kind: 'date' },
  updated: { label: 'Updated', kind: 'date' },
};

export const leadRecordResource = defineResource({
  name: 'lead',
  title: 'Lead',
  path: '/leads/records',
  module: 'MD-0010',
  schema: LeadRecord,
  create: LeadRecordCreate,
  filters: roteFilters(LeadRecord),
  ordering: ['id', 'name', 'status', 'created', 'updated', 'product.name', 'marketplace.name'],
  defaultOrdering: '-created',
  search: ['id', 'name', 'product.name'],
  visibleTo: ['vendor', 'provider'],
  machine: leadRecordMachine,
  fields: LEAD_FIELDS,
  list: {
    columns: ['id', 'name', 'product', 'marketplace', 'party', 'status', 'created'],
    phone: ['name', 'status'],
    filters: ['status'],
  },
  detail: {
    fields: [
      'id',
      'name',
      'status',
      'source',
      'note',
      'created',
      'updated',
      'product',
      'marketplace',
      'listing',
      'form',
      'party',
    ],
  },
});
