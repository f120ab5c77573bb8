import { ApiError, errorMessage } from '../../api/errors.ts';
import { placeProblems, type DraftProblems } from './draft.ts';

/** The "path: message" strings of a 400 (`prefix` cut off each path) → the editor's fields. */
export function serverProblems(err: unknown, prefix = ''): DraftProblems {
  const list =
    err instanceof ApiError &&
    err.text &&
    typeof err.text === 'object' &&
    Array.isArray((err.text as { errors?: unknown }).errors)
      ? ((err.text as { errors: unknown[] }).errors.filter((e) => typeof e === 'string') as string[])
      : [];
  const pairs = list.map((e) => {
    const m = /^([\w.[\]]+): ([\s\S]+)$/.exec(e);
    if (!m) return { path: '', message: e };
    return { path: prefix && m[1].startsWith(prefix) ? m[1].slice(prefix.length) : m[1], message: m[2] };
  });
  const placed = placeProblems(pairs);
  if (!pairs.length) placed.other.push(errorMessage(err));
  return placed;
}
