export * from './brand.ts';
export * from './constants.ts';
