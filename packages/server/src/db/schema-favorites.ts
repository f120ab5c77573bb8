import type { favoriteTable } from '../modules/favorites/favorites.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the favorites area (migrations/0037_favorites.ts), from the declared table.
export interface FavoritesTables {
  favorites: RowOf<typeof favoriteTable>;
}
