export * from './brand.ts';
export * from './constants.ts';
export * from './owned-brand.ts';
export * from './portal.ts';
