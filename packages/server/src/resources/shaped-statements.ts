import { CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import type { Db } from './engine.ts';

// Statements whose text is fixed by their shape (one resource's table, columns and scope column), compiled once.
// kysely builds and compiles a `sql` template on every call: for GET …/{id} that was about a tenth of the call's
// CPU beyond the floor's (issue 19). The first call of a shape compiles as usual; its text is kept when its
// parameters are exactly the values the caller names, so later calls send the kept text with their own values.

const texts = new WeakMap<object, Map<string, string | null>>();

/**
 * Run `build()`'s statement, whose parameters must be `values` in order for the shape `(owner, shape)`: from the
 * second call on without building or compiling it. A shape whose statement carries other parameters (a column
 * expression with a value in it) is never kept, and is built every call as before.
 */
export async function runShaped<R>(
  owner: object,
  shape: string,
  values: unknown[],
  build: () => RawBuilder<R>,
  db: Db,
): Promise<QueryResult<R>> {
  let shapes = texts.get(owner);
  if (!shapes) texts.set(owner, (shapes = new Map()));
  const text = shapes.get(shape);
  if (text) return db.executeQuery(CompiledQuery.raw(text, values) as CompiledQuery<R>);
  const compiled = build().compile(db);
  if (text === undefined) {
    const same =
      compiled.parameters.length === values.length && compiled.parameters.every((p, i) => Object.is(p, values[i]));
    shapes.set(shape, same ? compiled.sql : null);
  }
  return db.executeQuery(compiled);
}
