import { defineArea } from '../types.ts';
import { favorites } from './favorites.ts';

/** Favorites (issue 17): each user's marked objects, per account. */
export const favoritesArea = defineArea({ name: 'favorites', resources: [favorites] });
