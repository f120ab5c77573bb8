import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import {
  WEBHOOK_OBJECT_CLASSES,
  WEBHOOK_TYPES,
  WebhookCreate,
  WebhookUpdate,
  headerNameIssue,
  type Webhook,
  type WebhookObjectClass,
  type WebhookType,
} from '@trellis/domain/notifications/webhook';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { ApiError, errorMessage } from '../../api/errors.ts';

// The add / edit form of a webhook. It mirrors the POST / PUT body, except the headers: rows of name and value here,
// an object there. The domain's schemas (notifications/webhook.ts) check it, so the form shows the server's messages;
// each issue lands on the field (or header row) it is about.

export interface HeaderRow {
  name: string;
  value: string;
}

export interface WebhookForm {
  label: string;
  type: WebhookType;
  object_class: WebhookObjectClass | '';
  product_id: string;
  external_url: string;
  /** On edit, empty keeps the current secret. */
  jwt_secret: string;
  description: string;
  active: boolean;
  headers: HeaderRow[];
}

export const newWebhookValues = (): WebhookForm => ({
  label: '',
  type: 'event',
  object_class: '',
  product_id: '',
  external_url: '',
  jwt_secret: '',
  description: '',
  active: true,
  headers: [],
});

export const webhookValues = (w: Webhook): WebhookForm => ({
  label: w.label,
  type: w.type,
  object_class: w.object_class,
  product_id: w.product.id,
  external_url: w.external_url,
  jwt_secret: '',
  description: w.description ?? '',
  active: w.active,
  headers: Object.entries(w.headers).map(([name, value]) => ({ name, value })),
});

/** The rows that say something: a row left empty is ignored. */
const filled = (rows: HeaderRow[]) => rows.filter((r) => r.name.trim() || r.value.trim());

/** The POST (new) or PUT (`editing`) body; an empty secret on edit is left out, so the current one is kept. */
export function webhookBody(v: WebhookForm, editing: boolean) {
  return {
    type: v.type,
    ...(v.object_class && { object_class: v.object_class }),
    label: v.label.trim(),
    product_id: v.product_id,
    description: v.description.trim(),
    external_url: v.external_url.trim(),
    ...((!editing || v.jwt_secret) && { jwt_secret: v.jwt_secret }),
    active: v.active,
    http_method: 'POST' as const,
    headers: Object.fromEntries(filled(v.headers).map((r) => [r.name.trim(), r.value.trim()])),
  };
}

/** What the API checks: the create schema; on edit the update's, where a secret given is a new one. */
const bodySchema = (editing: boolean) =>
  editing ? WebhookUpdate.extend({ jwt_secret: WebhookCreate.shape.jwt_secret.optional() }) : WebhookCreate;

/** The row of a header named in the body (its name as sent), or -1. */
const rowOf = (rows: HeaderRow[], name: string) => rows.findIndex((r) => r.name.trim() === name);

/** The form path of a body issue: `headers.<name>` is that row's name (or, for its value, value). */
function formPath(path: PropertyKey[], message: string, rows: HeaderRow[]): (string | number)[] {
  const [field, name] = path.map(String);
  if (field !== 'headers' || name === undefined) return [field];
  const i = rowOf(rows, name);
  if (i < 0) return ['headers'];
  return ['headers', i, message === headerNameIssue(name) ? 'name' : 'value'];
}

/** What the body cannot say: a value without a name, or a name given twice (headers are case-insensitive). */
function rowIssues(rows: HeaderRow[]): { path: (string | number)[]; message: string }[] {
  const seen = new Set<string>();
  const out: { path: (string | number)[]; message: string }[] = [];
  rows.forEach((r, i) => {
    const name = r.name.trim();
    if (!name) {
      if (r.value.trim()) out.push({ path: ['headers', i, 'name'], message: REQUIRED });
      return;
    }
    const key = name.toLowerCase();
    if (seen.has(key)) out.push({ path: ['headers', i, 'name'], message: `The header "${name}" is given twice.` });
    seen.add(key);
  });
  return out;
}

export const webhookFormSchema = (editing: boolean) =>
  z
    .object({
      label: z.string(),
      type: z.enum(WEBHOOK_TYPES),
      object_class: z.enum(WEBHOOK_OBJECT_CLASSES).or(z.literal('')),
      product_id: z.string(),
      external_url: z.string(),
      jwt_secret: z.string(),
      description: z.string(),
      active: z.boolean(),
      headers: z.array(z.object({ name: z.string(), value: z.string() })),
    })
    .superRefine((v, ctx) => {
      const parsed = bodySchema(editing).safeParse(webhookBody(v, editing));
      const issues = parsed.success
        ? []
        : parsed.error.issues.map((i) => ({ path: formPath(i.path, i.message, v.headers), message: i.message }));
      for (const issue of [...issues, ...rowIssues(v.headers)]) ctx.addIssue({ code: 'custom', ...issue });
    });

const FIELDS: readonly string[] = [
  'label',
  'type',
  'object_class',
  'product_id',
  'external_url',
  'jwt_secret',
  'description',
  'active',
];

/** The form field a key of the server's 400 names (`product.id` is the product picked), or null. */
function serverField(key: string, rows: HeaderRow[]): string | null {
  if (key === 'product' || key === 'product.id') return 'product_id';
  if (FIELDS.includes(key)) return key;
  const header = /^headers\.(.+)$/.exec(key);
  const i = header ? rowOf(rows, header[1]) : -1;
  return i < 0 ? null : `headers.${i}.name`;
}

/**
 * Puts the messages of a 400 on the fields they name (the body's `fields`, or "field: message" in `errors`); returns
 * the message to show above the form for the rest, or null when every one found its field.
 */
export function placeServerErrors<F extends FieldValues>(
  err: unknown,
  rows: HeaderRow[],
  setError: UseFormSetError<F>,
): string | null {
  const byField = err instanceof ApiError ? err.fieldErrors : {};
  let unplaced = Object.keys(byField).length === 0;
  for (const [key, messages] of Object.entries(byField)) {
    const field = serverField(key, rows);
    if (field && messages[0]) setError(field as Path<F>, { type: 'server', message: messages[0] });
    else unplaced = true;
  }
  return unplaced ? errorMessage(err) : null;
}
