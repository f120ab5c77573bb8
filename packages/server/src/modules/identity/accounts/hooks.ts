import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';

/**
 * Plug-in point of account creation, so later areas give a new account what it starts with (service levels: the
 * default SLA settings) without this module knowing them. Listeners run in the creating transaction, when there
 * is one.
 */
export type AccountCreatedListener = (
  db: Kysely<DB> | Transaction<DB>,
  account: { id: string; name: string; type: 'vendor' | 'provider' },
) => Promise<void>;

const listeners = new Set<AccountCreatedListener>();

/** Registers a listener; returns a function that removes it. */
export function onAccountCreated(fn: AccountCreatedListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export async function accountCreated(...args: Parameters<AccountCreatedListener>): Promise<void> {
  for (const fn of listeners) await fn(...args);
}
