import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BASE, openWorld, readableCollections, servedResources, type World } from './world.ts';

// Every demo object of every served resource, as each side lists it and reads it, passes the resource's declared
// response schema (DESIGN §9). The declaration is what the portal and the OpenAPI document rely on; an object that
// does not match it is a bug in the one or the other. The wire omits absent values (http/wire.ts): a nullable field
// that is absent reads as null.

/** The object with `null` put back where the schema has a nullable field that the answer omits. */
function withNulls(schema: z.ZodType, value: unknown): unknown {
  const def = (schema as any)._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return value === undefined || value === null ? value : withNulls(def.innerType, value);
    case 'pipe':
      return withNulls(def.in, value);
    case 'lazy':
      return withNulls(def.getter(), value);
    case 'nonoptional':
      return withNulls(def.innerType, value);
    case 'record':
      return value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNulls(def.valueType, v)]))
        : value;
    case 'array':
      return Array.isArray(value) ? value.map((v) => withNulls(def.element, v)) : value;
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const out: Record<string, unknown> = { ...value };
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (out[key] === undefined) {
          if (field.safeParse(null).success) out[key] = null;
        } else out[key] = withNulls(field, out[key]);
      }
      return out;
    }
    default:
      return value;
  }
}

let w: World;
beforeAll(async () => {
  w = await openWorld();
}, 180_000);
afterAll(async () => {
  await w?.close();
});

describe('demo objects against their declared schemas', () => {
  it('every listed and every read object parses', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const res of servedResources()) {
      for await (const { who, collection } of readableCollections(w, res)) {
        const list = await w.call(who, { method: 'GET', url: `${BASE}${collection}?limit=1000` });
        if (list.statusCode !== 200) continue;
        const items = list.json() as any[];
        for (const obj of items) {
          checked++;
          const parsed = res.decl.schema.safeParse(withNulls(res.decl.schema, obj));
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            failures.push(`${res.decl.name} ${obj.id ?? ''} (${who.name}): ${issue.path.join('.')}: ${issue.message}`);
            break;
          }
        }
        const first = items[0];
        if (first?.id !== undefined) {
          const one = await w.call(who, {
            method: 'GET',
            url: `${BASE}${collection}/${encodeURIComponent(first.id)}`,
          });
          if (one.statusCode === 200) {
            const parsed = res.decl.schema.safeParse(withNulls(res.decl.schema, one.json()));
            if (!parsed.success)
              failures.push(`${res.decl.name} ${first.id} read by ${who.name}: ${parsed.error.issues[0].message}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 300_000);
});
