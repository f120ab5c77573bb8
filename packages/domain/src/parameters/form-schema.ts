import { z } from 'zod';
import { PARAMETER_TYPES, type ParameterLike, type ValidationResult } from './types.ts';
import { validateParameterValues } from './validate.ts';

// A custom form: the fields an account asks another to fill (an agreement's enroll form, a listing's lead form).
// Each field is a parameter definition, so the portal edits it with the parameter editor and fills it with the
// parameter form, and both sides validate the answers with the shared parameter validator and its messages.

export const FormField = z.object({
  /** Stable key of the answer (`data[name]`). */
  name: z.string(),
  title: z.string(),
  description: z.string().optional(),
  /** Shown under the field, and inside it while empty. */
  hint: z.string().optional(),
  placeholder: z.string().optional(),
  type: z.enum(PARAMETER_TYPES),
  position: z.number().int().optional(),
  constraints: z.record(z.string(), z.unknown()).optional(),
  default: z.unknown().optional(),
  default_country: z.string().nullable().optional(),
});
export type FormField = z.infer<typeof FormField>;

/** The `schema` object of a form: its fields in order. */
export const FormSchema = z.object({ fields: z.array(FormField) });
export type FormSchema = z.infer<typeof FormSchema>;

export const EMPTY_FORM_SCHEMA: FormSchema = { fields: [] };

/** The fields of a form schema as the parameter validator reads them. */
export const formParameters = (schema: FormSchema | null | undefined): ParameterLike[] =>
  (schema?.fields ?? []).map((f) => ({ ...f, id: f.name }) as ParameterLike);

/**
 * Answers to a form, keyed by field name (`{ name: { value } }` or `{ name: 'text' }`), checked against its
 * fields: `{ valid, errors: { name: { value_error } } }` with the shared messages.
 */
export function validateFormAnswers(schema: FormSchema | null | undefined, answers: unknown): ValidationResult {
  const values: Record<string, { value?: string | null; structured_value?: unknown }> = {};
  if (answers && typeof answers === 'object' && !Array.isArray(answers)) {
    for (const [k, v] of Object.entries(answers as Record<string, unknown>)) {
      if (v && typeof v === 'object' && !Array.isArray(v)) values[k] = v as { value?: string | null };
      else if (v === null || v === undefined) values[k] = { value: null };
      else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
        values[k] = { value: String(v) };
      else values[k] = { structured_value: v };
    }
  }
  return validateParameterValues(formParameters(schema), values);
}
