import { describe, expect, it } from 'vitest';
import * as domain from '@trellis/domain';
import { findRoute } from './routes.ts';

/** Every resource declaration the domain exports. */
type Declared = { name: string; fields?: Record<string, { route?: string }> };
const declarations = (Object.values(domain) as unknown[]).filter(
  (v): v is Declared => !!v && typeof v === 'object' && 'path' in v && 'schema' in v && 'fields' in v,
);

describe('declared references', () => {
  it('open routes the portal has: a reference to a missing route would read as plain text', () => {
    expect(declarations.length).toBeGreaterThan(20);
    const missing = declarations.flatMap((d) =>
      Object.entries(d.fields ?? {})
        .filter(([, f]) => f.route && !findRoute(f.route))
        .map(([key, f]) => `${d.name}.${key} → ${f.route}`),
    );
    expect(missing).toEqual([]);
  });
});
