export * from './store.ts';
export * from './sniff.ts';
export * from './upload.ts';
export { fileRoutes } from './routes.ts';
export * from './stream-upload.ts';
