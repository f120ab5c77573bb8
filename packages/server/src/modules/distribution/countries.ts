import { sql } from 'kysely';
import { countryResource, type Country } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import type { Db, Served } from '../../resources/engine.ts';

/** The seeded ISO 3166 list: the same for every account, read-only. */
export const countries: Served<Country> = {
  decl: countryResource,
  table: 'countries',
  columns: { id: 'id', name: 'name' },
  row: (c) => ({ id: c.id, name: c.name }),
  scope: () => sql<boolean>`true`,
};

/** [{id}] from a client → [{id, name}] of existing countries, in the order given, without repeats. */
export async function countryRefs(db: Db, input: { id: string }[] | undefined, field = 'countries') {
  if (!input) return undefined;
  const ids = [...new Set(input.map((c) => c.id.trim().toUpperCase()))];
  if (!ids.length) return [];
  const rows = await db.selectFrom('countries').select(['id', 'name']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw ApiError.badRequest(`${field}: country ${missing.join(', ')} does not exist.`);
  return ids.map((id) => byId.get(id)!);
}
