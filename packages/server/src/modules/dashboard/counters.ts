import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';

export type AccountKind = 'vendor' | 'provider';

/** Counts the objects waiting for the caller's account (e.g. pending asset requests). */
export type CounterFn = (db: Kysely<DB>, ctx: Ctx) => Promise<number>;

export interface Counter {
  visibleTo: readonly AccountKind[];
  count: CounterFn;
}

// Dashboard counters of spec §1. Each area registers its own when it exists; none are invented here.
const counters = new Map<string, Counter>();

/** Add a dashboard counter; returns a function that removes it again (tests). */
export function registerCounter(name: string, visibleTo: readonly AccountKind[], count: CounterFn): () => void {
  counters.set(name, { visibleTo, count });
  return () => {
    if (counters.get(name)?.count === count) counters.delete(name);
  };
}

export interface CounterValue {
  count: number;
  updated_at: string;
}

/** The registered counters the caller's account type sees, counted now. */
export async function countAll(db: Kysely<DB>, ctx: Ctx): Promise<Record<string, CounterValue>> {
  const visible = [...counters].filter(([, c]) => c.visibleTo.includes(ctx.account.type));
  const values = await Promise.all(visible.map(([, c]) => c.count(db, ctx)));
  const updated_at = new Date().toISOString();
  return Object.fromEntries(visible.map(([name], i) => [name, { count: Number(values[i]), updated_at }]));
}
