import { sql } from 'kysely';
import { categoryResource, type Category } from '@trellis/domain';
import type { Served } from '../../../resources/engine.ts';
import { registerResource } from '../../../resources/routes.ts';
import type { Api } from '../../types.ts';

/** The platform's category tree (seeded by the migration): every account reads it, nobody writes it. */
export const categories: Served<Category> = {
  decl: categoryResource,
  table: 'categories',
  columns: { id: 'id', name: 'name', 'parent.id': 'parent_id', 'family.id': 'family_id' },
  row: (c) => ({ id: c.id, name: c.name, parent_id: c.parent?.id ?? null, family_id: c.family.id }),
  scope: () => sql<boolean>`true`,
};

export function categoryRoutes(api: Api) {
  registerResource(api.app, api.db, categories);
}
