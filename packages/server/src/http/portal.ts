import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `npm run build -w @trellis/portal` puts the SPA. TRELLIS_PORTAL_DIR overrides it. */
export const PORTAL_DIST = fileURLToPath(new URL('../../../portal/dist', import.meta.url));

// Paths that belong to the API (and its docs): an unknown one is the JSON 404, never the SPA.
const API_PATH = /^\/(public|rest)(\/|$)|^\/docs(\/|$)/;

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Trellis</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Trellis</h1>
<p>The API is running, but the portal has not been built yet.</p>
<p>Run <code>npm run build -w @trellis/portal</code> and restart the server.
The API is at <a href="/public/v1/openapi.json">/public/v1</a>.</p>
</body></html>
`;

/**
 * The public pages under /embed/ (a listing's lead form) are made to sit in an iframe on a vendor's or a
 * marketplace's site: any site may frame them. No session cookie reaches them there (SameSite=Lax), and they
 * only post to the public embed API; every other page stays unframeable.
 */
function allowFraming(reply: FastifyReply) {
  reply.removeHeader('x-frame-options');
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
}

function wantsHtml(req: FastifyRequest): boolean {
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') || (accept.includes('*/*') && !accept.includes('application/json'));
}

/**
 * Serves the built portal at '/': hashed assets under /assets (cached for a year), other files of
 * dist by name, and index.html for any other page URL a browser asks for (the SPA routes itself).
 */
export async function registerPortal(app: FastifyInstance, distDir = process.env.TRELLIS_PORTAL_DIR || PORTAL_DIST) {
  const index = join(distDir, 'index.html');
  const built = existsSync(index);

  if (built) {
    await app.register(fastifyStatic, {
      root: join(distDir, 'assets'),
      prefix: '/assets/',
      // File names carry a content hash: they never change.
      maxAge: '365d',
      immutable: true,
      index: false,
    });
  }

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    let path: string;
    try {
      path = decodeURIComponent(req.url.split('?')[0]);
    } catch {
      return reply.callNotFound(); // malformed escapes: a 404, never a 500
    }
    if (API_PATH.test(path)) return reply.callNotFound();
    if (!built) {
      if (path === '/' || wantsHtml(req)) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT);
      return reply.callNotFound();
    }
    // A top-level file of dist (favicon, robots.txt, ...), never outside it.
    const rel = normalize(path).replace(/^[/\\]+/, '');
    if (rel && !rel.startsWith('..') && !rel.includes(`${sep}..`) && rel !== 'index.html') {
      const file = join(distDir, rel);
      if (file.startsWith(distDir + sep) && existsSync(file) && statSync(file).isFile()) {
        return reply.header('cache-control', 'no-cache').sendFile(rel, distDir, { cacheControl: false });
      }
    }
    if (!wantsHtml(req)) return reply.callNotFound();
    if (path.startsWith('/embed/')) allowFraming(reply);
    // The shell must be revalidated so a new build is picked up at once.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir, { cacheControl: false });
  };
  app.get('/', page);
  app.get('/*', page);
}
