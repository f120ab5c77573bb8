export * from './errors.ts';
export * from './rql/index.ts';
export * from './resource/define.ts';
export * from './identity/modules.ts';
