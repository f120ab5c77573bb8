import type { Db, Obj } from './engine.ts';

/**
 * Work that every write of a resource's objects carries, whichever flow writes them (its routes, another object's
 * action, a job), registered by a later area without editing the resource's: service levels keep a waiting
 * request's indicator (slm). The hook runs inside the write's transaction, before the row is written, and returns
 * the object to store (with its derived fields); the writer answers with that object.
 */
export type StoreHook = (obj: Obj, db: Db) => Promise<Obj>;

const hooks = new Map<string, StoreHook>();

/** Registers the hook of the resource named `resource` (its declaration's name). */
export function setStoreHook(resource: string, hook: StoreHook) {
  hooks.set(resource, hook);
}

export const storeHookOf = (resource: string): StoreHook | undefined => hooks.get(resource);
