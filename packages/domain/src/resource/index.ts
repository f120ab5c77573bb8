export * from './define.ts';
export * from './machine.ts';
export * from './traits.ts';
export * from './fields.ts';
export * from './filters.ts';
