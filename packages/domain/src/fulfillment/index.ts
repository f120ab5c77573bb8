export * from './common.ts';
export * from './asset.ts';
export * from './request.ts';
export * from './tier-config.ts';
export * from './lifecycle.ts';
