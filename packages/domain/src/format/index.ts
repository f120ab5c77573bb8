export * from './constants.ts';
export * from './percent.ts';
export * from './duration.ts';
export * from './bytes.ts';
export * from './date.ts';
export * from './truncate.ts';
export * from './display.ts';
