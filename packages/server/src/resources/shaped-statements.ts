import { randomUUID } from 'node:crypto';
import { CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import type { Db } from './engine.ts';

// Statements whose text is fixed by their shape (one resource's table, columns and scope column, or one list's
// query string), compiled once. kysely builds and compiles a `sql` template on every call: for GET …/{id} that was
// about a tenth of the call's CPU beyond the floor's, for a list a little less (issue 19). The first call of a shape
// compiles as usual and keeps the text; later calls send it with their own values.

/** Shapes kept per owner: a list's shapes are one per query string, so the oldest give way past this many. */
const SHAPES_PER_OWNER = 500;

interface Kept {
  sql: string;
  /** The compiled parameters, with `slot` where the caller's value goes (runSlotted). */
  parameters: readonly unknown[];
}

/** Per owner and shape: runShaped's text, runSlotted's text and parameters; null for a shape never kept. */
const texts = new WeakMap<object, Map<string, string | null>>();
const slotted = new WeakMap<object, Map<string, Kept | null>>();

function shapesOf<V>(store: WeakMap<object, Map<string, V>>, owner: object) {
  let shapes = store.get(owner);
  if (!shapes) store.set(owner, (shapes = new Map()));
  return shapes;
}

function keep<V>(shapes: Map<string, V>, shape: string, value: V) {
  if (shapes.size >= SHAPES_PER_OWNER) shapes.delete(shapes.keys().next().value!);
  shapes.set(shape, value);
}

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
  const shapes = shapesOf(texts, owner);
  const text = shapes.get(shape);
  if (text) return db.executeQuery(CompiledQuery.raw(text, values) as CompiledQuery<R>);
  const compiled = build().compile(db);
  if (text === undefined) {
    const same =
      compiled.parameters.length === values.length && compiled.parameters.every((p, i) => Object.is(p, values[i]));
    keep(shapes, shape, same ? compiled.sql : null);
  }
  return db.executeQuery(compiled);
}

// Unguessable, so no value a client sends can stand in for the caller's.
const slot = `\u0000slot:${randomUUID()}`;

/**
 * Run the statement `build(value)`, kept per `(owner, shape)` with the place of `value` among its parameters: the
 * shape must fix everything else the statement holds (a list's resource, side column and query string), and `build`
 * must put `value` in as given. The first call builds it with a stand-in for `value`, so a parameter that merely
 * equals the caller's value (a filter on the caller's own id) stays a constant.
 */
export async function runSlotted<R>(
  owner: object,
  shape: string,
  value: string,
  build: (value: string) => RawBuilder<R>,
  db: Db,
): Promise<QueryResult<R>> {
  const shapes = shapesOf(slotted, owner);
  let k = shapes.get(shape);
  if (k === undefined) {
    const compiled = build(slot).compile(db);
    // a statement without the value in its parameters, or with it in its text, is not this caller's: never kept
    const mine = compiled.parameters.includes(slot) && !compiled.sql.includes(slot);
    k = mine ? { sql: compiled.sql, parameters: compiled.parameters } : null;
    keep(shapes, shape, k);
  }
  if (k === null) return build(value).execute(db);
  const parameters = k.parameters.map((p) => (p === slot ? value : p));
  return db.executeQuery(CompiledQuery.raw(k.sql, parameters) as CompiledQuery<R>);
}
