import { GENERIC_ERROR, SERVER_ERROR } from '@trellis/domain/format/constants';

/** A non-ok API response: the status, the parsed body (or raw text) and the message to show. */
export class ApiError extends Error {
  readonly status: number;
  /** Parsed JSON body when the response had one, else the raw text. */
  readonly text: unknown;

  constructor(status: number, text: unknown) {
    super(extractMessage({ text }, status));
    this.name = 'ApiError';
    this.status = status;
    this.text = text;
  }

  /** The structured error code of the body (e.g. AUTH_003), when there is one. */
  get code(): string | undefined {
    const t = this.text as { error_code?: unknown } | null;
    return t && typeof t === 'object' && typeof t.error_code === 'string' ? t.error_code : undefined;
  }

  /** Per-field messages of a validation error: `fields` of the body, else "field: message" strings. */
  get fieldErrors(): Record<string, string[]> {
    const t = this.text as { fields?: unknown; errors?: unknown } | null;
    if (t && typeof t === 'object' && t.fields && typeof t.fields === 'object')
      return t.fields as Record<string, string[]>;
    const out: Record<string, string[]> = {};
    if (t && typeof t === 'object' && Array.isArray(t.errors)) {
      for (const e of t.errors) {
        const m = typeof e === 'string' ? /^([\w.[\]]+): (.+)$/.exec(e) : null;
        if (m) (out[m[1]] ??= []).push(m[2]);
      }
    }
    return out;
  }
}

function readable(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() ? v : null;
  if (Array.isArray(v)) {
    const parts = v.map((x) => (typeof x === 'string' ? x : null)).filter((x): x is string => !!x && !!x.trim());
    return parts.length ? parts.join('\n') : null;
  }
  return null;
}

function parsed(text: unknown): Record<string, unknown> | null {
  if (text && typeof text === 'object') return text as Record<string, unknown>;
  if (typeof text === 'string') {
    try {
      const v = JSON.parse(text);
      return v && typeof v === 'object' ? v : null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The message to show for an error (spec §8): message, errors, text.message, text.errors, text.error,
 * then 'Server error' for a 5xx and 'Something went wrong' otherwise.
 */
export function extractMessage(err: unknown, status?: number): string {
  const e = (err && typeof err === 'object' ? err : {}) as Record<string, unknown>;
  const text = parsed(e.text);
  const found =
    readable(e.message) ??
    readable(e.errors) ??
    readable(text?.message) ??
    readable(text?.errors) ??
    readable(text?.error);
  if (found) return found;
  const code = status ?? (typeof e.status === 'number' ? e.status : undefined);
  return code !== undefined && code >= 500 ? SERVER_ERROR : GENERIC_ERROR;
}

/** The message of anything thrown (ApiError already carries it). */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return extractMessage(err);
}
