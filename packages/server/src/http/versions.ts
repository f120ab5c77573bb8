import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { PORTAL_DIST } from './portal.ts';

// The static versions file the portal fetches at start (spec §7: version, components.spa, a clarity token and feature
// flags). Served by the API process so it always describes what this server serves: the release, the portal build
// (its package version and the content hash of its entry script), and the analytics token and feature flags of the
// configuration. Never cached for long: a new build must show at once.

const readJson = async (url: URL) => JSON.parse(await readFile(url, 'utf8')) as { version: string };
const release = readJson(new URL('../../../../package.json', import.meta.url));
const portalPackage = readJson(new URL('../../../portal/package.json', import.meta.url));

/** The portal build: "0.1.0+<hash of its entry script>", or the package version when the portal is not built. */
async function spaVersion(distDir: string): Promise<string> {
  const { version } = await portalPackage;
  try {
    const manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file?: string; isEntry?: boolean }
    >;
    const entry = manifest['index.html']?.file ?? Object.values(manifest).find((c) => c.isEntry)?.file;
    const hash = entry && /-([A-Za-z0-9_-]{6,})\.js$/.exec(entry)?.[1];
    return hash ? `${version}+${hash}` : version;
  } catch {
    return version;
  }
}

export interface VersionsFile {
  version: string;
  components: { spa: string; api: string };
  clarity?: string;
  features: Record<string, boolean>;
}

export async function versionsFile(config: Config, distDir: string): Promise<VersionsFile> {
  const { version } = await release;
  return {
    version,
    components: { spa: await spaVersion(distDir), api: version },
    ...(config.clarityToken ? { clarity: config.clarityToken } : {}),
    features: config.featureFlags,
  };
}

export function registerVersions(
  app: FastifyInstance,
  config: Config,
  distDir = process.env.TRELLIS_PORTAL_DIR || PORTAL_DIST,
) {
  app.get('/versions.json', async (_req, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('application/json')
      .send(await versionsFile(config, distDir)),
  );
}
