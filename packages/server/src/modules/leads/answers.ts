import { ErrorCode } from '@trellis/domain';
import { validateFormAnswers, type FormSchema } from '@trellis/domain/parameters/form-schema';
import { isAnswerField } from '@trellis/domain/partners/form';
import { ApiError } from '../../http/errors.ts';

// A lead's answers against its form (the shared parameter validator and its messages): every key a field of the
// form, every value of the shape the field takes. The answers are stored as plain values by field name, as the
// reference shows them (`data: {name: "Jonathan", email: "…"}`).

type Answer = unknown;

/** `{value}` / `{structured_value}` read as the plain value they carry. */
function plain(v: Answer): Answer {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length && keys.every((k) => k === 'value' || k === 'structured_value'))
      return o.structured_value !== undefined ? o.structured_value : (o.value ?? null);
  }
  return v;
}

/** The parameter validator's reading of one plain answer: text as `value`, anything else as `structured_value`. */
const asParam = (v: Answer) =>
  v === null || v === undefined
    ? { value: null }
    : typeof v === 'object'
      ? { structured_value: v }
      : { value: String(v) };

/**
 * Checks the answers against the form: a 400 naming each field (`data.<field>: message`, and `fields` for the
 * portal) when one is unknown or invalid; else the answers to store (empty ones left out).
 */
export function checkedAnswers(schema: FormSchema, data: Record<string, Answer>): Record<string, Answer> {
  const asked = new Set(schema.fields.filter(isAnswerField).map((f) => f.name));
  const fields: Record<string, string[]> = {};
  for (const key of Object.keys(data)) if (!asked.has(key)) fields[`data.${key}`] = ['This form has no such field.'];
  const answers = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, plain(v)]));
  const result = validateFormAnswers(
    schema,
    Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, asParam(v)])),
  );
  for (const [name, e] of Object.entries(result.errors)) {
    fields[`data.${name}`] = [e.value_error ?? 'This value is not valid.'];
    for (const [part, message] of Object.entries(e.structured_error ?? {})) fields[`data.${name}.${part}`] = [message];
  }
  if (Object.keys(fields).length) {
    const messages = Object.entries(fields)
      .filter(([k]) => k.split('.').length === 2)
      .map(([k, [m]]) => `${k}: ${m}`);
    throw new ApiError(400, ErrorCode.validation, messages, { fields });
  }
  return Object.fromEntries(
    Object.entries(answers).filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && !v.length)),
  );
}

/** A lead's name when the visitor gave none: the first text answer of the form (its name field, usually). */
export function leadNameOf(schema: FormSchema, answers: Record<string, Answer>, fallback: string): string {
  for (const f of schema.fields) {
    const v = answers[f.name];
    if ((f.type === 'text' || f.type === 'email') && typeof v === 'string' && v.trim()) return v.trim().slice(0, 128);
  }
  return fallback.slice(0, 128);
}
