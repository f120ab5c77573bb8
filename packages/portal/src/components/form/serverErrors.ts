import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '../../api/errors.ts';

/**
 * Puts the per-field messages of a 400 (body `fields`, e.g. {"email": ["E-mail must be valid"]}) on the
 * form's own fields. Returns the message to show above the form for everything else — the server's
 * text exactly — or null when every message found its field.
 */
export function applyServerErrors<F extends FieldValues>(
  err: unknown,
  fields: readonly Path<F>[],
  setError: UseFormSetError<F>,
): string | null {
  const body = err instanceof ApiError ? (err.text as { fields?: unknown } | null) : null;
  const byField =
    body && typeof body === 'object' && body.fields && typeof body.fields === 'object'
      ? (body.fields as Record<string, string[]>)
      : null;
  if (!byField) return errorMessage(err);
  let unplaced = false;
  for (const [key, messages] of Object.entries(byField)) {
    // 'groups.0.id' belongs to the 'groups' field.
    const field = fields.find((f) => key === f || key.startsWith(`${f}.`));
    if (field && messages.length) setError(field, { type: 'server', message: messages[0] });
    else unplaced = true;
  }
  return unplaced ? errorMessage(err) : null;
}
