import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeatureFlags, testConfig } from '../src/config.ts';
import { versionsFile } from '../src/http/versions.ts';
import { testApp, type TestApp } from './helpers.ts';
import rootPackage from '../../../package.json' with { type: 'json' };
import portalPackage from '../../portal/package.json' with { type: 'json' };

// The static versions file the portal fetches at start (spec §7): version, components.spa, the clarity token and
// feature flags, from this server's release, its portal build and its configuration.

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clarityToken: 'clarity-123', featureFlags: { impersonation: true, beta: false } });
});
afterAll(async () => {
  await t?.close();
});

describe('/versions.json', () => {
  it('answers the release, the portal build, the clarity token and the feature flags, revalidated each time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/versions.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.json();
    expect(body).toEqual({
      version: rootPackage.version,
      components: {
        spa: expect.stringMatching(new RegExp(`^${portalPackage.version.replaceAll('.', '\\.')}(\\+[\\w-]+)?$`)),
        api: rootPackage.version,
      },
      clarity: 'clarity-123',
      features: { impersonation: true, beta: false },
    });
  });

  it('names the portal build by its entry script hash, and leaves out a clarity token not configured', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'trellis-dist-'));
    try {
      const config = testConfig();
      expect((await versionsFile(config, dist)).components.spa).toBe(portalPackage.version);
      await mkdir(join(dist, '.vite'));
      await writeFile(
        join(dist, '.vite', 'manifest.json'),
        JSON.stringify({ 'index.html': { file: 'assets/index-Ab12Cd34.js', isEntry: true } }),
      );
      const file = await versionsFile(config, dist);
      expect(file.components.spa).toBe(`${portalPackage.version}+Ab12Cd34`);
      expect('clarity' in file).toBe(false);
      expect(file.features).toEqual({});
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('reads FEATURE_FLAGS as a list or a JSON object', () => {
    expect(parseFeatureFlags('a, b,-c,!d')).toEqual({ a: true, b: true, c: false, d: false });
    expect(parseFeatureFlags('{"x": true, "y": false}')).toEqual({ x: true, y: false });
    expect(parseFeatureFlags(undefined)).toEqual({});
  });
});
