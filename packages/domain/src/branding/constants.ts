import { DEFAULT_THEME } from '../format/constants.ts';
import { DOMAIN } from '../validation/messages.ts';
import type { Brand } from './brand.ts';

// Plain values (no zod) so the portal's first chunk can import them cheaply.

export const DEFAULT_BRAND_ID = 'BR-000';
export const DEFAULT_BRAND_TITLE = 'Trellis';

/** Spec §9: default help and terms URLs point to a help site. */
export const HELP_SITE_URL = 'https://help.trellis.dev';
export const DEFAULT_HELP_URL = `${HELP_SITE_URL}/`;
export const DEFAULT_TOS_URL = `${HELP_SITE_URL}/terms`;

export const DEFAULT_FOOTER = 'Trellis {version} · © {year}';

/** The installation's own brand (seeded by the server; the portal's fallback before one is loaded). */
export const DEFAULT_BRAND: Brand = Object.freeze({
  id: DEFAULT_BRAND_ID,
  title: DEFAULT_BRAND_TITLE,
  type: 'universal',
  theme: { ...DEFAULT_THEME },
  urls: { help: DEFAULT_HELP_URL, tos: DEFAULT_TOS_URL, logo: null, signUp: null, favicons: {} },
  footer: DEFAULT_FOOTER,
  analytics_key: null,
  replaced_by: null,
  owner: null,
}) as Brand;

/** Footer text with its placeholders filled: 'Trellis {version} · © {year}' → 'Trellis 0.1.0 · © 2026'. */
export function brandFooter(footer: string, values: { version: string; year: number }): string {
  return footer.replaceAll('{version}', values.version).replaceAll('{year}', String(values.year));
}

/** Longest host name DNS allows. */
export const HOST_MAX_LENGTH = 253;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_RE = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?$`);

/** A host as browsers send it (name or address, optional :port) in lower case, or null when it is not one. */
export function normalizeHost(raw: string): string | null {
  const host = raw.trim().toLowerCase();
  if (!host || host.length > HOST_MAX_LENGTH || !HOST_RE.test(host)) return null;
  const port = /:(\d+)$/.exec(host)?.[1];
  if (port !== undefined && Number(port) > 65535) return null;
  return host;
}

/** Spec §5 style rule for a portal host (`domains`, `replaced_by`): a host name or address with an optional port. */
export function hostRule(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  return normalizeHost(value) ? null : DOMAIN;
}

/** 'example.com:8080' → 'example.com'; '[::1]:80' → '[::1]'. */
export function hostWithoutPort(host: string): string {
  return host.replace(/:\d+$/, '');
}

/** Favicon kinds a portal may carry, one image each; the portal links every one it has. */
export const FAVICON_KINDS = ['svg', 'png', 'ico'] as const;
export type FaviconKind = (typeof FAVICON_KINDS)[number];
export const FAVICON_TYPES: Readonly<Record<FaviconKind, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
};

/** Reference limits of a portal (branding.Portal). */
export const PORTAL_TITLE_MAX = 40;
export const ANALYTICS_KEY_MAX = 100;
export const FOOTER_MAX = 500;
export const BRAND_NAME_MAX = 100;

/** Largest logo and favicon accepted (bytes): they are fetched by every visitor of the portal. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const FAVICON_MAX_BYTES = 256 * 1024;
/** What the logo and favicon pickers offer (the server checks the content, not the name). */
export const LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'] as const;
export const FAVICON_EXTENSIONS = ['ico', 'png', 'svg'] as const;

/** Where a brand's API is: every portal host serves it under this path (the brand's `public_api`). */
export const BRAND_PUBLIC_API = '/public/v1';
