import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import type { FileStore } from './store.ts';

/**
 * GET /files/:key streams a stored file. Public by design: keys are 128-bit random (unguessable), the files are
 * product icons and media images that marketplaces show to anyone, and <img> tags cannot send the session header.
 * Keys are never reused, so the response may be cached for good.
 */
export function fileRoutes(app: FastifyInstance, store: FileStore) {
  app.get('/files/:key', { config: { public: true } }, async (req, reply) => {
    const { key } = req.params as { key: string };
    const file = await store.get(key);
    if (!file) throw ApiError.notFound('File');
    return (
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        // shown by <img> tags only: opened on its own, a file (an SVG above all) can neither run nor load anything
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(file.body)
    );
  });
}
