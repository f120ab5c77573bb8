export * from './product.ts';
export * from './item.ts';
export * from './parameter.ts';
export * from './content.ts';
export * from './localization.ts';
