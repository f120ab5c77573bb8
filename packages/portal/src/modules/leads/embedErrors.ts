import type { ParamError } from '@trellis/domain/parameters/types';

/**
 * The embed's refusal (`fields`: `data.<field>` and `data.<field>.<part>`) as messages on the form's fields; what
 * names no field (recaptcha, the body) stays for the form's alert.
 */
export function answerErrors(fields: Record<string, string[]>): {
  byField: Record<string, ParamError>;
  other: string[];
} {
  const byField: Record<string, ParamError> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const [root, name, part] = key.split('.');
    if (root !== 'data' || !name) {
      other.push(...messages.map((m) => (key === '_' ? m : `${key}: ${m}`)));
      continue;
    }
    const e = (byField[name] ??= {});
    if (part) e.structured_error = { ...e.structured_error, [part]: messages[0] };
    else e.value_error = messages[0];
  }
  for (const e of Object.values(byField)) e.value_error ??= Object.values(e.structured_error ?? {})[0];
  return { byField, other };
}

/** The answers to send: only fields that hold something, as `{value}` or `{structured_value}`. */
export function answersToSend(values: Record<string, { value?: string | null; structured_value?: unknown }>) {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(values)) {
    if (v?.structured_value !== undefined && v.structured_value !== null)
      out[name] = { structured_value: v.structured_value };
    else if (typeof v?.value === 'string' && v.value.trim() !== '') out[name] = v.value;
  }
  return out;
}
