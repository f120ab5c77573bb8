export * from './errors.ts';
export * from './rql/index.ts';
export * from './resource/define.ts';
export * from './identity/index.ts';
export * as validation from './validation/index.ts';
export * as format from './format/index.ts';
export * from './catalog/index.ts';
export * from './distribution/index.ts';
export * from './tiers/index.ts';
