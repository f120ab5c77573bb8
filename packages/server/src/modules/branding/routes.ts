import { z } from 'zod';
import { Brand, HOST_MAX_LENGTH, normalizeHost, validation } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import { parseBody } from '../../resources/engine.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import type { Api } from '../types.ts';
import { brandById, brandForHost } from './service.ts';

// What the portal reads before it renders, without a session: the brand of the host it runs on.
// Managing brands, portals and domains comes with the branding screens.

const ORIGINAL_HOST = 'x-original-host';
const BrandQuery = z.object({ id: validation.zRequiredString() });

function badHost(header: string): ApiError {
  return ApiError.badRequest(
    `${header}: must be a host name (at most ${HOST_MAX_LENGTH} characters, optionally with :port).`,
  );
}

export function brandingRoutes({ app, db }: Api) {
  app.get('/branding/portal', { config: { public: true } }, async (req) => {
    // The portal sends its own window.location.host: behind a proxy the Host header may name the upstream.
    const original = req.headers[ORIGINAL_HOST];
    if (original !== undefined) {
      const host = normalizeHost(Array.isArray(original) ? original.join(',') : original);
      if (!host) throw badHost('X-Original-Host');
      return brandForHost(db, host);
    }
    if (!req.host) return brandForHost(db, '');
    const host = normalizeHost(req.host);
    if (!host) throw badHost('Host');
    return brandForHost(db, host);
  });

  app.get('/branding/brand', { config: { public: true } }, async (req) => {
    const { id } = parseBody(BrandQuery, req.query);
    const brand = await brandById(db, id.trim());
    if (!brand) throw ApiError.notFound('Brand');
    return brand;
  });
}

describeRoute('get', '/branding/portal', {
  summary:
    "The brand of the host the portal runs on (X-Original-Host, else Host); the installation's brand for unknown hosts",
  tag: 'branding',
  response: Brand,
});
describeRoute('get', '/branding/brand', {
  summary: 'One brand by id (query parameter id), with its portals',
  tag: 'branding',
  response: Brand,
});
