import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_BASE } from './openapi.ts';

// Rendered API docs at /docs: Swagger UI served from the installed package, so it works offline.
const uiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Trellis API</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

// A file, not an inline script, so the strict CSP (script-src 'self') stays as it is.
const INIT = `window.ui = SwaggerUIBundle({ url: '${API_BASE}/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

export async function docsRoutes(app: FastifyInstance) {
  app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/docs/init.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(INIT));
  for (const [file, type] of Object.entries(ASSETS)) {
    app.get(`/docs/${file}`, async (_req, reply) =>
      reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .send(createReadStream(join(uiDir, file))),
    );
  }
}
