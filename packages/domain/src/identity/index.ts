export * from './modules.ts';
export * from './common.ts';
export * from './account.ts';
