/** Parameters: vocabulary, dependencies, definition checks and the shared value validator (isomorphic). */
export * from './types.ts';
export * from './dependencies.ts';
export * from './definition.ts';
export * from './validate.ts';
export * from './form-schema.ts';
