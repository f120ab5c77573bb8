export * from './store.ts';
export { S3FileStore, FileStorageUnavailable } from './s3-store.ts';
export * from './sniff.ts';
export * from './upload.ts';
export { fileRoutes } from './routes.ts';
export * from './stream-upload.ts';
