import type { Api } from '../modules/types.ts';
import './known-routes.ts';
import { openApiDocument } from './openapi.ts';

export function metaRoutes({ app }: Api) {
  app.get('/openapi.json', { config: { public: true } }, async () => openApiDocument());
}
