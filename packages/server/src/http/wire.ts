/**
 * Absent values are omitted, as the reference API's objects omit them: its schemas mark almost no property
 * `nullable`, so a `null` breaks typed clients that the omission does not. Every JSON answer of the public API passes
 * here (app.ts); lists sent as stored text are stripped alike in SQL (`jsonb_strip_nulls`, engine jsonTextOf).
 * Null elements of arrays stay: dropping one would shift the positions after it.
 */
export function omitNulls<T>(value: T): T {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((v, i) => {
      const out = omitNulls(v);
      if (out !== v) (copy ??= value.slice())[i] = out;
    });
    return (copy ?? value) as T;
  }
  if (!value || typeof value !== 'object' || value.constructor !== Object) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    if (v === null) {
      copy ??= { ...(value as Record<string, unknown>) };
      delete copy[k];
      continue;
    }
    const out = omitNulls(v);
    if (out !== v) (copy ??= { ...(value as Record<string, unknown>) })[k] = out;
  }
  return (copy ?? value) as T;
}

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => Buffer.from(c));
/**
 * JSON texts as one array, encoded to UTF-8 row by row (engine listJson; the benchmark's floor too). Joined first,
 * one non-ASCII character in any row makes the whole 300 KB string two bytes a character, which the reply then
 * measures and encodes: 0.6 ms a page against 0.17 ms, a quarter of what a list cost the API process under load
 * (bench/results, issue 19).
 */
export function jsonArray(texts: string[]): Buffer {
  const parts: Buffer[] = [OPEN];
  for (const text of texts) {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(Buffer.from(text));
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}
