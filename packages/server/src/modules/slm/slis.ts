import { sql } from 'kysely';
import { sliResource, type Sli } from '@trellis/domain';
import type { Served } from '../../resources/engine.ts';
import { sliTable } from './tables.ts';

// Service level indicators (reference /sli): the account's own, read-only; GET /sli/{id} also finds an object's
// indicator by the object's id, as the reference does.
export const slis: Served<Sli> = {
  decl: sliResource,
  table: sliTable,
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,
  lookup: (id) => sql<boolean>`(t.id = ${id} or t.entity_id = ${id})`,
};
