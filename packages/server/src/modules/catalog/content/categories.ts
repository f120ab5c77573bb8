import { sql } from 'kysely';
import { categoryResource, type Category } from '@trellis/domain';
import type { Served } from '../../../resources/engine.ts';
import { defineTable, text } from '../../../resources/table.ts';

/** The platform's category tree (seeded by the migration): every account reads it, nobody writes it. */
export const categoryTable = defineTable('categories', {
  id: text('id'),
  parent_id: text('parent.id').nullable(),
  family_id: text('family.id'),
  name: text('name'),
});

export const categories: Served<Category> = {
  decl: categoryResource,
  table: categoryTable,
  scope: () => sql<boolean>`true`,
};
