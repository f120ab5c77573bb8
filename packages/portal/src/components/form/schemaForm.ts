import { z } from 'zod';

// Forms from the declaration's zod bodies (create, update, action bodies): a body field takes part when it
// carries a title in its metadata (`.meta({ title })`), so wire-only fields never show up by accident.

export type FormFieldKind = 'text' | 'multiline' | 'datetime' | 'number' | 'bool' | 'select';

export interface FormField {
  name: string;
  label: string;
  kind: FormFieldKind;
  required: boolean;
  description?: string;
  options?: { value: string; label: string }[];
}

export interface FieldMeta {
  title?: string;
  description?: string;
  multiline?: boolean;
  widget?: 'datetime';
  /** Labels of an enum's values. */
  labels?: Record<string, string>;
}

/** The metadata of a field: its own, or that of the type it wraps (optional, nullable, default). */
function metaOf(t: z.ZodType): FieldMeta {
  let node: any = t;
  const found: FieldMeta = {};
  while (node) {
    const m = (typeof node.meta === 'function' ? node.meta() : undefined) as FieldMeta | undefined;
    if (m) for (const [k, v] of Object.entries(m)) (found as any)[k] ??= v;
    node = node._zod?.def?.innerType ?? node._zod?.def?.in;
  }
  return found;
}

function unwrap(t: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let node: any = t;
  let optional = false;
  while (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault) {
    optional = true;
    node = node._zod.def.innerType;
  }
  return { inner: node, optional };
}

/** The fields a form asks for, in the schema's order. */
export function formFields(schema: z.ZodType | undefined | false): FormField[] {
  if (!schema) return [];
  const obj = unwrap(schema).inner;
  if (!(obj instanceof z.ZodObject)) return [];
  const out: FormField[] = [];
  for (const [name, t] of Object.entries(obj.shape as Record<string, z.ZodType>)) {
    const meta = metaOf(t);
    if (!meta.title) continue;
    const { inner, optional } = unwrap(t);
    let kind: FormFieldKind = meta.widget === 'datetime' ? 'datetime' : meta.multiline ? 'multiline' : 'text';
    let options: FormField['options'];
    if (inner instanceof z.ZodEnum) {
      kind = 'select';
      options = ((inner as any).options as string[]).map((v) => ({ value: v, label: meta.labels?.[v] ?? v }));
    } else if (inner instanceof z.ZodBoolean) kind = 'bool';
    else if (inner instanceof z.ZodNumber) kind = 'number';
    out.push({
      name,
      label: meta.title,
      kind,
      required: !optional,
      ...(meta.description ? { description: meta.description } : {}),
      ...(options ? { options } : {}),
    });
  }
  return out;
}

/** Empty values for a form's fields (what a fresh dialog shows). */
export function emptyValues(fields: readonly FormField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, f.kind === 'bool' ? false : '']));
}

/** The body to send: empty optional text left out, so the server applies its defaults. */
export function bodyOf(fields: readonly FormField[], values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v === '' || v === undefined || v === null) continue;
    body[f.name] = f.kind === 'number' ? Number(v) : typeof v === 'string' && f.kind !== 'datetime' ? v.trim() : v;
  }
  return body;
}
