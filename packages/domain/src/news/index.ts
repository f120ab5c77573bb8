/** News: posts an account publishes to its partners, with their published versions. */
export * from '../format/markdown-rules.ts';
export * from './post.ts';
