import { z } from 'zod';
import { PARAMETER_NAME_RE, PARAMETER_NAME_RULE, zParameterConstraintsInput } from '../catalog/parameter.ts';
import { Events } from '../identity/common.ts';
import { parameterDefinitionIssues, type ParameterDefinition } from '../parameters/definition.ts';
import { FormSchema, type FormField } from '../parameters/form-schema.ts';
import { DISPLAY_TYPES, PARAMETER_TYPES } from '../parameters/types.ts';
import type { Fields } from '../resource/fields.ts';
import type { Refusal, Viewer } from '../resource/machine.ts';
import { DATE_OPS, NUMBER_OPS, defineMachine, defineResource, filterOf, roteFilters } from '../resource/index.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import { requiredError } from '../validation/zod.ts';

// Custom forms (reference /forms, "agreement forms"): the questions a distributor asks the partners that enroll in
// its agreements (`enroll`), or about each product / item they bring (`product`, `item`). A form's fields are
// parameter definitions, checked with the catalogue's definition rules. Every change of its name, type or fields is
// a new `version`; the earlier ones stay readable (/forms/{id}/versions), so contract data can name the version of
// the form it answered.
//
// Status: `draft` while the distributor builds it (no agreement may use it yet), `active` once activated: agreements
// may then attach it. An active form stays editable (each save is a new version); it cannot go back to draft, since
// partners may already be answering it. A form no agreement uses can be deleted.

export const FORM_TYPES = ['enroll', 'product', 'item'] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const FORM_TYPE_LABELS: Record<FormType, string> = {
  enroll: 'Enrolment',
  product: 'Product',
  item: 'Item',
};

export const AGREEMENT_FORM_STATUSES = ['draft', 'active'] as const;
export type AgreementFormStatus = (typeof AGREEMENT_FORM_STATUSES)[number];

/** Most fields a form may have (a form is filled in one sitting). */
export const MAX_FORM_FIELDS = 100;

const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });

export const AgreementForm = z.object({
  id: z.string(),
  version: z.number().int(),
  name: z.string(),
  type: z.enum(FORM_TYPES),
  status: z.enum(AGREEMENT_FORM_STATUSES),
  schema: FormSchema,
  /** The distributor that owns the form. */
  owner: AccountRef,
  events: Events,
});
export type AgreementForm = z.infer<typeof AgreementForm>;

/** One kept version of a form: its state when that version was current (reference dp.AgreementFormVersion). */
export const AgreementFormVersion = AgreementForm;
export type AgreementFormVersion = AgreementForm;

// ---------------------------------------------------------------- input

const text = (max: number) => z.string().max(max, maxLength(max));
const required = (max: number) => z.string({ error: requiredError }).trim().min(1, REQUIRED).max(max, maxLength(max));

/** A field as a client writes it: a parameter definition without phase, scope or product. */
export const FormFieldInput = z.object({
  name: required(100).regex(PARAMETER_NAME_RE, PARAMETER_NAME_RULE),
  title: required(255),
  description: text(4096).nullish(),
  hint: text(1024).nullish(),
  placeholder: text(255).nullish(),
  type: z.enum(PARAMETER_TYPES, { error: `Must be one of: ${PARAMETER_TYPES.join(', ')}` }).default('text'),
  position: z.number().int().optional(),
  constraints: zParameterConstraintsInput.nullish(),
  default: z.unknown().optional(),
  default_country: z.string().nullish(),
});
export type FormFieldInput = z.input<typeof FormFieldInput>;

/** A field as the definition rules read it: every field of a form is in one phase and carries no scope. */
const asDefinition = (f: FormFieldInput | FormField): ParameterDefinition =>
  ({
    ...f,
    type: f.type ?? 'text',
    phase: 'ordering',
    scope: 'asset',
    constraints: f.constraints ?? {},
  }) as unknown as ParameterDefinition;

export interface FormFieldIssue {
  /** Index of the field in `fields`. */
  index: number;
  /** Path inside the field (`name`, `constraints.choices`, …). */
  path: string;
  message: string;
}

/**
 * Problems of a form's field definitions: the catalogue's parameter definition rules for each field (choices,
 * lengths, defaults, dependencies on another field of the form) and names unique within the form.
 */
export function formFieldIssues(fields: readonly (FormFieldInput | FormField)[]): FormFieldIssue[] {
  const issues: FormFieldIssue[] = [];
  const defs = fields.map(asDefinition);
  const seen = new Map<string, number>();
  fields.forEach((f, index) => {
    const name = (f.name ?? '').trim();
    const first = seen.get(name);
    if (name && first !== undefined)
      issues.push({
        index,
        path: 'name',
        message: `Field ${first + 1} is already named '${name}'; names must be unique.`,
      });
    else seen.set(name, index);
    for (const i of parameterDefinitionIssues(defs[index], defs, 'form')) issues.push({ index, ...i });
  });
  return issues;
}

/** The `schema` a client writes: its fields, each a valid definition, names unique. */
export const FormSchemaInput = z
  .object({
    fields: z.array(FormFieldInput).max(MAX_FORM_FIELDS, `A form has at most ${MAX_FORM_FIELDS} fields.`),
  })
  .superRefine((s, ctx) => {
    // zod runs this after non-fatal issues too: only well-formed fields are compared
    const fields = s.fields.filter((f) => FormFieldInput.safeParse(f).success);
    if (fields.length < s.fields.length) return;
    for (const i of formFieldIssues(fields))
      ctx.addIssue({ code: 'custom', message: i.message, path: ['fields', i.index, ...i.path.split('.')] });
  });

/** Whether a field carries an answer (headings and content only show text). */
export const isAnswerField = (f: Pick<FormField, 'type'>) => !DISPLAY_TYPES.includes(f.type);

const name = required(255);

export const AgreementFormCreate = z.object({
  name: name.meta({ title: 'Name' }),
  type: z
    .enum(FORM_TYPES, { error: `Choose one of ${FORM_TYPES.join(', ')}.` })
    .default('enroll')
    .meta({
      title: 'Type',
      description:
        'Enrolment: filled in once when a partner enrolls; product and item: for each one the partner brings.',
      labels: FORM_TYPE_LABELS,
    }),
  schema: FormSchemaInput.default({ fields: [] }),
});
export type AgreementFormCreate = z.infer<typeof AgreementFormCreate>;

/** Partial: what is given replaces the current value; a change of name, type or fields is a new version. */
export const AgreementFormUpdate = z.object({
  name: name.optional().meta({ title: 'Name' }),
  type: z
    .enum(FORM_TYPES, { error: `Choose one of ${FORM_TYPES.join(', ')}.` })
    .optional()
    .meta({ title: 'Type', labels: FORM_TYPE_LABELS }),
  schema: FormSchemaInput.optional(),
});
export type AgreementFormUpdate = z.infer<typeof AgreementFormUpdate>;

// ---------------------------------------------------------------- machine and declaration

/** Partners read the forms of their contracts; only the distributor that owns a form changes it. */
const ownerOnly = (f: AgreementForm, v: Viewer): Refusal | null =>
  f.owner.id === v.accountId ? null : { kind: 'side', message: `Only ${f.owner.name} can change this form.` };

export const agreementFormMachine = defineMachine<AgreementForm>({
  statuses: { draft: { tone: 'info' }, active: { tone: 'success' } },
  actions: {
    activate: {
      label: 'Activate',
      from: ['draft'],
      to: 'active',
      by: ['provider'],
      rule: ownerOnly,
      event: 'activated',
      form: false,
      guard: (f) =>
        f.schema.fields.some(isAnswerField) ? null : 'Add at least one field that asks for an answer first.',
      hint: 'Add at least one field that asks for an answer first.',
      confirm: {
        text: (f) => `Agreements can then use ${f.name}. You can still change its fields; each save is a new version.`,
      },
      done: (f) => `${f.name} is active.`,
    },
  },
  editable: ownerOnly,
  deletable: ownerOnly,
});

const FORM_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  type: { label: 'Type', kind: 'enum', labels: FORM_TYPE_LABELS },
  status: { label: 'Status', kind: 'status' },
  version: { label: 'Version', kind: 'number' },
  owner: { label: 'Distributor', kind: 'ref', route: 'partners.details' },
  'events.created.at': { label: 'Created', kind: 'date' },
  'events.updated.at': { label: 'Updated', kind: 'date' },
};

export const agreementFormResource = defineResource({
  name: 'agreement-form',
  title: 'Form',
  noun: 'forms',
  path: '/forms',
  module: 'MD-0010',
  schema: AgreementForm,
  create: AgreementFormCreate,
  update: AgreementFormUpdate,
  remove: true,
  filters: {
    ...roteFilters(AgreementForm),
    version: filterOf(AgreementForm, 'version', NUMBER_OPS),
  },
  ordering: ['id', 'name', 'type', 'status', 'version', 'events.created.at', 'events.updated.at'],
  defaultOrdering: '-events.updated.at',
  search: ['id', 'name'],
  // the owner, and (read-only) partners holding a contract under an agreement that uses the form
  visibleTo: ['vendor', 'provider'],
  writableBy: ['provider'],
  machine: agreementFormMachine,
  fields: FORM_FIELDS,
  list: {
    columns: ['id', 'name', 'type', 'version', 'status', 'events.updated.at'],
    phone: ['name', 'status'],
    filters: ['type', 'status'],
  },
  detail: { fields: ['id', 'name', 'type', 'status', 'version', 'owner', 'events.created.at', 'events.updated.at'] },
});

/** /forms/{id}/versions: every version of a form, the current one included; read-only. */
export const agreementFormVersionResource = defineResource({
  name: 'agreement-form-version',
  title: 'Form version',
  path: '/forms/:formId/versions',
  module: 'MD-0010',
  schema: AgreementFormVersion,
  filters: {
    version: filterOf(AgreementFormVersion, 'version', NUMBER_OPS),
    name: filterOf(AgreementFormVersion, 'name'),
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['version', 'events.created.at'],
  defaultOrdering: '-version',
  search: [],
  visibleTo: ['vendor', 'provider'],
  fields: {
    version: { label: 'Version', kind: 'number' },
    name: { label: 'Name', kind: 'text' },
    type: { label: 'Type', kind: 'enum', labels: FORM_TYPE_LABELS },
    'events.created.at': { label: 'Saved', kind: 'date' },
    'events.created.by': { label: 'Saved by', kind: 'user' },
  },
  list: {
    columns: ['version', 'name', 'type', 'events.created.at', 'events.created.by'],
    phone: ['version', 'events.created.at'],
  },
  detail: { fields: ['version', 'name', 'type', 'events.created.at', 'events.created.by'] },
});
