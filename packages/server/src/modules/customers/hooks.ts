import type { TierAccount } from '@trellis/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';

/**
 * Plug-in point of tier accounts, so later areas join in without editing this module:
 * onTierAccountChanged listeners run inside the transaction of every update and decommission (e.g. the
 * fulfillment area files a tier account request). `after` is what will be stored, except that the
 * engine stamps events.updated right after; throwing an ApiError refuses the change.
 */
export interface TierAccountChange {
  change: 'update' | 'decommission';
  before: TierAccount;
  after: TierAccount;
  ctx: Ctx;
  db: Transaction<DB>;
}
export type TierAccountListener = (e: TierAccountChange) => Promise<void> | void;

const listeners = new Set<TierAccountListener>();

/** Registers a listener; returns a function that removes it. */
export function onTierAccountChanged(fn: TierAccountListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export async function tierAccountChanged(e: TierAccountChange): Promise<void> {
  for (const fn of listeners) await fn(e);
}
