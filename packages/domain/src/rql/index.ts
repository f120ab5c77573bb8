export * from './ast.ts';
export * from './parse.ts';
export * from './serialize.ts';
export * from './builder.ts';
