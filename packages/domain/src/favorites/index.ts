/** Favorites (issue 17): a user's marked objects. */
export * from './favorite.ts';
