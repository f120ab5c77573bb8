import type { FormField, FormSchema } from '@trellis/domain/parameters/form-schema';
import { FormFieldInput, formFieldIssues } from '@trellis/domain/partners/form';
import {
  draftConstraints,
  placeProblems,
  type DraftFlag,
  type DraftProblems,
  type ParameterDraft,
} from '../ParameterEditor/draft.ts';

// A custom form's field in the parameter editor: the draft ⇄ the stored field, and the checks the server makes.

/** The constraint switches a form field offers (unique and reconciliation mean nothing for one answer). */
export const FIELD_FLAGS: readonly DraftFlag[] = ['required', 'hidden', 'readonly'];

/** The field a draft makes: only what is set, as the server stores it. */
export function fieldOfDraft(d: ParameterDraft, position: number): FormField {
  const constraints = Object.fromEntries(
    Object.entries(draftConstraints(d)).filter(
      ([k, v]) =>
        !['unique', 'reconciliation'].includes(k) &&
        v !== null &&
        v !== false &&
        v !== '' &&
        !(Array.isArray(v) && !v.length),
    ),
  );
  const opt = (s: string) => (s.trim() ? s : undefined);
  const field: FormField = {
    name: d.name.trim(),
    title: d.title.trim(),
    description: opt(d.description),
    hint: opt(d.hint),
    placeholder: opt(d.placeholder),
    type: d.type,
    position,
    constraints,
    default_country: d.type === 'phone' && d.default_country ? d.default_country : undefined,
  };
  return Object.fromEntries(Object.entries(field).filter(([, v]) => v !== undefined)) as FormField;
}

/**
 * What is wrong with the draft as field `index` of the form (`fields.length` for a new one): the server's field
 * schema and definition rules (choices, lengths, dependencies, unique names), with the server's messages.
 */
export function fieldProblems(d: ParameterDraft, fields: readonly FormField[], index: number): DraftProblems {
  const field = fieldOfDraft(d, index);
  const parsed = FormFieldInput.safeParse(field);
  const list: { path: string; message: string }[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const all = [...fields];
  all[index] = field;
  for (const i of formFieldIssues(all)) if (i.index === index) list.push({ path: i.path, message: i.message });
  return placeProblems(list);
}

/** The form with field `index` replaced (or added at the end). */
export function withField(schema: FormSchema, index: number, field: FormField): FormSchema {
  const fields = [...schema.fields];
  fields[index] = field;
  return { fields: positioned(fields) };
}

/** The form without field `index`; fields that depended on it no longer do. */
export function withoutField(schema: FormSchema, index: number): FormSchema {
  const gone = schema.fields[index]?.name;
  const fields = schema.fields
    .filter((_, i) => i !== index)
    .map((f) => {
      const dep = (f.constraints?.dependency as { parameter?: { name?: string } } | undefined)?.parameter?.name;
      if (dep !== gone) return f;
      const { dependency: _dropped, ...rest } = f.constraints ?? {};
      return { ...f, constraints: rest };
    });
  return { fields: positioned(fields) };
}

/** The form with field `index` moved by `by` places. */
export function movedField(schema: FormSchema, index: number, by: -1 | 1): FormSchema {
  const to = index + by;
  if (to < 0 || to >= schema.fields.length) return schema;
  const fields = [...schema.fields];
  [fields[index], fields[to]] = [fields[to], fields[index]];
  return { fields: positioned(fields) };
}

/** The fields that depend on the one named. */
export const dependentsOf = (schema: FormSchema, name: string) =>
  schema.fields.filter(
    (f) => (f.constraints?.dependency as { parameter?: { name?: string } } | undefined)?.parameter?.name === name,
  );

const positioned = (fields: FormField[]) => fields.map((f, position) => ({ ...f, position }));
