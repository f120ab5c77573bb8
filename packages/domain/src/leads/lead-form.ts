import { z } from 'zod';
import { defineMachine, defineResource, filterOf, roteFilters, statusTones } from '../resource/index.ts';
import type { Refusal, Viewer } from '../resource/machine.ts';
import type { Fields } from '../resource/fields.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import { FormSchema } from '../parameters/form-schema.ts';
import { FormSchemaInput, isAnswerField } from '../partners/form.ts';

// Lead forms (reference /leads/forms): the questions a vendor asks visitors of its listings. The schema is the
// shared custom-form schema; a listing has at most one form (/leads/listings/{id}/form) and only an active form
// is served to visitors (/embed/leads/listings/{id}/form).

export const LEAD_FORM_STATUSES = ['active', 'inactive'] as const;
export type LeadFormStatus = (typeof LEAD_FORM_STATUSES)[number];

/**
 * `default` starts from the ready-made fields below, `custom` from the vendor's own. The reference also names
 * cloud-marketplace templates (aws, azure, gcp, commerce) that Trellis has no counterpart for.
 */
export const LEAD_FORM_TEMPLATES = ['default', 'custom'] as const;
export type LeadFormTemplate = (typeof LEAD_FORM_TEMPLATES)[number];
export const LEAD_FORM_TEMPLATE_LABELS: Record<LeadFormTemplate, string> = { default: 'Default', custom: 'Custom' };

/** The default template: who the visitor is and what they want. */
export const DEFAULT_LEAD_FORM_SCHEMA: FormSchema = {
  fields: [
    { name: 'name', title: 'Name', type: 'text', constraints: { required: true, max_length: 128 } },
    { name: 'email', title: 'E-mail', type: 'email', constraints: { required: true } },
    { name: 'company', title: 'Company', type: 'text', constraints: { max_length: 128 } },
    { name: 'phone', title: 'Phone', type: 'phone', constraints: {} },
    {
      name: 'message',
      title: 'Message',
      description: 'What would you like to know?',
      type: 'text',
      constraints: { max_length: 2000, meta: { multiline: true } },
    },
  ],
};

const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });

export const LeadForm = z.object({
  id: z.string(),
  name: z.string(),
  owner: AccountRef,
  status: z.enum(LEAD_FORM_STATUSES),
  template: z.enum(LEAD_FORM_TEMPLATES),
  schema: FormSchema,
  /** The listings the form is attached to (reference: their ids). */
  listings: z.array(z.string()),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type LeadForm = z.infer<typeof LeadForm>;

/** A field as the reference writes it (`{id, title, type, required}`) read as the shared form field. */
function fromReferenceField(f: unknown): unknown {
  if (!f || typeof f !== 'object' || Array.isArray(f)) return f;
  const { id, required, ...rest } = f as Record<string, unknown>;
  const field: Record<string, unknown> = { ...rest };
  if (field.name === undefined && id !== undefined) field.name = id;
  if (required !== undefined) field.constraints = { ...((field.constraints ?? {}) as object), required };
  return field;
}

/**
 * A form schema as written by a client: the custom forms' `{fields: [...]}` (each field a valid parameter
 * definition, names unique), or the reference's plain array of fields.
 */
export const LeadFormSchemaInput = z.preprocess(
  (v) => (Array.isArray(v) ? { fields: v.map(fromReferenceField) } : v),
  FormSchemaInput,
);

const name = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(128, maxLength(128))
  .meta({ title: 'Name', description: 'Yours only; visitors do not see it.' });
const template = z.enum(LEAD_FORM_TEMPLATES, { error: 'template must be default or custom' });

/** A new form: the default template's fields unless a schema is given (reference: `template` and `schema`). */
export const LeadFormCreate = z.object({
  name,
  template: template.optional().meta({ title: 'Start from' }),
  schema: LeadFormSchemaInput.optional(),
});
export const LeadFormUpdate = z.object({
  name: name.optional(),
  template: template.optional(),
  schema: LeadFormSchemaInput.optional(),
});

const ownerOnly = (f: LeadForm, v: Viewer): Refusal | null =>
  f.owner.id === v.accountId ? null : { kind: 'side', message: `Only ${f.owner.name} manages this form.` };

export const leadFormMachine = defineMachine<LeadForm>({
  statuses: statusTones(LEAD_FORM_STATUSES, { inactive: 'default' }),
  actions: {
    activate: {
      label: 'Activate',
      from: ['inactive'],
      to: 'active',
      by: ['vendor'],
      rule: ownerOnly,
      form: false,
      event: 'activated',
      guard: (f) =>
        f.schema.fields.some(isAnswerField) ? null : 'Add a field visitors can fill in before activating the form.',
      done: (f) =>
        f.listings.length
          ? `${f.name} is active: visitors of ${f.listings.length} listing(s) can send leads.`
          : `${f.name} is active; attach it to a listing so visitors can use it.`,
    },
    deactivate: {
      label: 'Deactivate',
      from: ['active'],
      to: 'inactive',
      by: ['vendor'],
      rule: ownerOnly,
      form: false,
      event: 'deactivated',
      confirm: {
        text: (f) =>
          `Deactivate ${f.name}? Visitors of the listings it is attached to can no longer send leads until it is active again.`,
      },
      done: (f) => `${f.name} is inactive.`,
    },
  },
  editable: ownerOnly,
  deletable: (f, v) =>
    ownerOnly(f, v) ??
    (f.status === 'active'
      ? { kind: 'status', message: 'An active form cannot be deleted; deactivate it first.' }
      : null),
});

const LEAD_FORM_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  status: { label: 'Status', kind: 'status' },
  template: { label: 'Template', kind: 'enum', labels: LEAD_FORM_TEMPLATE_LABELS },
  listings: { label: 'Listings', kind: 'list', empty: 'None' },
  created: { label: 'Created', kind: 'date' },
  updated: { label: 'Updated', kind: 'date' },
};

export const leadFormResource = defineResource({
  name: 'lead-form',
  title: 'Lead form',
  path: '/leads/forms',
  module: 'MD-0010',
  schema: LeadForm,
  create: LeadFormCreate,
  update: LeadFormUpdate,
  remove: true,
  filters: { ...roteFilters(LeadForm), template: filterOf(LeadForm, 'template') },
  ordering: ['id', 'name', 'status', 'created', 'updated'],
  defaultOrdering: '-created',
  search: ['id', 'name'],
  visibleTo: ['vendor'],
  writableBy: ['vendor'],
  machine: leadFormMachine,
  fields: LEAD_FORM_FIELDS,
  list: { columns: ['id', 'name', 'template', 'listings', 'status', 'updated'], phone: ['name', 'status'] },
  detail: { fields: ['id', 'name', 'template', 'status', 'listings', 'created', 'updated'] },
});

/** PUT /leads/listings/{id}/form: the form a listing uses (reference `{id}`); `null` takes it off. */
export const ListingFormSet = z.object({
  id: z.string({ error: 'id: the lead form to attach, or null to detach' }).max(64).nullable(),
});
