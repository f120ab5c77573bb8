import { sql, type RawBuilder } from 'kysely';
import {
  FORM_TYPE_LABELS,
  agreementFormResource,
  agreementFormVersionResource,
  type AgreementForm,
  type AgreementFormCreate,
  type AgreementFormUpdate,
  type FormField,
  type FormFieldInput,
  type FormSchema,
  type FormType,
} from '@trellis/domain';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { insertObject, type Db, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { defineTable, int, text, timestamp } from '../../resources/table.ts';

// Custom forms (reference /forms): a distributor's forms, and every version of each. A change of name, type or
// fields bumps `version` and stores the new state as a version row, so contract data can name the version it
// answered. Owners write; partners holding a contract under an agreement that uses a form read it.

export const agreementFormTable = defineTable('agreement_forms', {
  id: text('id'),
  account_id: text('owner.id'),
  name: text('name'),
  type: text('type'),
  status: text('status'),
  version: int('version'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((f: AgreementForm) => f.events.updated?.at ?? f.events.created.at),
});

/** Every version of every form (the current one included), each its full state then. */
export const agreementFormVersionTable = defineTable('agreement_form_versions', {
  form_id: text('id'),
  version: int('version'),
  // the path's `{version}` is text: a non-number must be a 404, not a cast error
  version_id: text((v: AgreementForm) => String(v.version)),
  account_id: text('owner.id'),
  name: text('name'),
  type: text('type'),
  created_at: timestamp('events.created.at'),
});

/** The form ids an agreement uses (alias `a`), one per kind. */
const FORM_IDS = sql`(a.data #>> '{forms,enroll,id}', a.data #>> '{forms,product,id}', a.data #>> '{forms,item,id}')`;

/**
 * Who reads a form (its id in `idCol`, its owner in `ownerCol`): the distributor that owns it, and any account
 * holding a contract under an agreement that uses it (the partner reads the questions its answers are checked
 * against). Only the owner writes (writableBy provider plus the owner's scope).
 */
const formVisible = (ctx: Ctx, idCol: RawBuilder<unknown>, ownerCol: RawBuilder<unknown>) =>
  sql<boolean>`(${ownerCol} = ${ctx.account.id} or exists (select 1 from contracts c
    join agreements a on a.id = c.agreement_id where c.owner_id = ${ctx.account.id} and ${idCol} in ${FORM_IDS}))`;

/** The constraints worth storing: set flags, non-empty lists and given values (the validator reads none as off). */
function compactConstraints(c: FormFieldInput['constraints']): FormField['constraints'] {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c ?? {})) {
    if (v === null || v === undefined || v === false || v === '') continue;
    if (Array.isArray(v) && !v.length) continue;
    if (k === 'meta' && typeof v === 'object' && !Object.keys(v).length) continue;
    out[k] = v;
  }
  return out;
}

/** A field as stored: trimmed, in the form's order, without the empty parts. */
function fieldOf(f: FormFieldInput, position: number): FormField {
  const opt = (v: string | null | undefined) => (v && v.trim() ? v : undefined);
  const field: FormField = {
    name: f.name.trim(),
    title: f.title.trim(),
    description: opt(f.description),
    hint: opt(f.hint),
    placeholder: opt(f.placeholder),
    type: f.type ?? 'text',
    position,
    constraints: compactConstraints(f.constraints),
    default: f.default ?? undefined,
    default_country: f.default_country ? f.default_country.toUpperCase() : undefined,
  };
  return Object.fromEntries(Object.entries(field).filter(([, v]) => v !== undefined)) as FormField;
}

const schemaOf = (s: { fields: FormFieldInput[] }): FormSchema => ({ fields: s.fields.map(fieldOf) });

/** Agreements of the owner that use a form, with the kind they use it as. */
async function agreementsUsing(db: Db, formId: string): Promise<{ id: string; title: string; kind: FormType }[]> {
  const { rows } = await sql<{ id: string; title: string; kind: FormType }>`select a.id, a.title,
    case when a.data #>> '{forms,enroll,id}' = ${formId} then 'enroll'
      when a.data #>> '{forms,product,id}' = ${formId} then 'product' else 'item' end as kind
    from agreements a where ${formId} in ${FORM_IDS} order by a.id`.execute(db);
  return rows;
}

const usedBy = (a: { id: string; title: string; kind: FormType }) =>
  `agreement ${a.id} (${a.title}) uses it as its ${FORM_TYPE_LABELS[a.kind].toLowerCase()} form`;

/** Keep a form's state as its version row (written on create and on each new version). */
async function keepVersion(db: Db, ctx: Ctx, form: AgreementForm) {
  const at = form.version === 1 ? form.events.created : { at: new Date().toISOString(), by: actorOf(ctx) };
  await insertObject(agreementFormVersions, { ...form, events: { created: at } }, db);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const agreementForms: Served<AgreementForm> = {
  decl: agreementFormResource,
  table: agreementFormTable,
  scope: (ctx) => formVisible(ctx, sql`t.id`, sql`t.account_id`),

  async create(ctx, input: AgreementFormCreate) {
    return {
      id: newId('FRM', 3, 3),
      version: 1,
      name: input.name,
      type: input.type,
      status: 'draft',
      schema: schemaOf(input.schema),
      owner: { id: ctx.account.id, name: ctx.account.name },
      events: {},
    };
  },

  async afterCreate(ctx, form, db) {
    await keepVersion(db, ctx, form);
    return form;
  },

  async update(ctx, current, input: AgreementFormUpdate, _params, db) {
    const next: AgreementForm = {
      ...current,
      name: input.name ?? current.name,
      type: input.type ?? current.type,
      schema: input.schema ? schemaOf(input.schema) : current.schema,
    };
    if (next.type !== current.type) {
      const used = await agreementsUsing(db, current.id);
      if (used.length) throw ApiError.badRequest(`type: The type cannot change while ${used.map(usedBy).join('; ')}.`);
    }
    // a save that changes nothing is not a new version
    if (same([next.name, next.type, next.schema], [current.name, current.type, current.schema])) return current;
    const after = { ...next, version: current.version + 1 };
    await keepVersion(db, ctx, after);
    return after;
  },

  async remove(_ctx, current, _params, db) {
    const used = await agreementsUsing(db, current.id);
    if (used.length)
      throw ApiError.badRequest(
        `${current.name} cannot be deleted: ${used.map(usedBy).join('; ')}. Choose another form there first.`,
      );
  },
};

/** /forms/{id}/versions: every version of a form, read-only, visible to whoever reads the form. */
export const agreementFormVersions: Served<AgreementForm> = {
  decl: agreementFormVersionResource,
  table: agreementFormVersionTable,
  idColumn: 'version_id',
  key: (v) => ({ form_id: v.id, version: v.version }),
  parentVisible: async (ctx, params, db) => {
    const { rows } = await sql`select 1 from agreement_forms f where f.id = ${params.formId ?? ''}
      and ${formVisible(ctx, sql`f.id`, sql`f.account_id`)}`.execute(db);
    return rows.length > 0;
  },
  scope: (ctx, params) =>
    sql<boolean>`t.form_id = ${params.formId ?? ''} and ${formVisible(ctx, sql`t.form_id`, sql`t.account_id`)}`,
};
