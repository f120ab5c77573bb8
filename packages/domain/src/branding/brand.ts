import { z } from 'zod';

// The brand a portal host shows (spec §3 "Brand/theme"): title, colours, links, footer. The portal reads it before
// anything else (GET /branding/portal). It is built from a portal (branding/portal.ts: the theme lives there, as in
// the reference) and the brand that portal belongs to.

export const PORTAL_TYPES = ['vendor', 'provider', 'customer', 'universal'] as const;
export type PortalType = (typeof PORTAL_TYPES)[number];

export const BrandTheme = z.object({
  primary: z.string(),
  /** Text colour on the primary-coloured top bar. */
  navText: z.string(),
  accent: z.string(),
});
export type BrandTheme = z.infer<typeof BrandTheme>;

export const BrandUrls = z.object({
  help: z.string(),
  tos: z.string(),
  logo: z.string().nullable(),
  signUp: z.string().nullable(),
  /** Icon URLs by kind (svg, png, ico). */
  favicons: z.record(z.string(), z.string()),
});
export type BrandUrls = z.infer<typeof BrandUrls>;

/** One host name a brand is served on. */
export const BrandPortalRef = z.object({ id: z.string().optional(), domain: z.string(), type: z.enum(PORTAL_TYPES) });
export type BrandPortalRef = z.infer<typeof BrandPortalRef>;

export const Brand = z.object({
  /** The brand's id (BR-000 for the installation's own). */
  id: z.string(),
  title: z.string(),
  type: z.enum(PORTAL_TYPES),
  theme: BrandTheme,
  urls: BrandUrls,
  /** May hold {version} and {year}, which the portal fills in. */
  footer: z.string(),
  analytics_key: z.string().nullable(),
  /** A host that replaces this one: the portal moves there (same path). */
  replaced_by: z.string().nullable(),
  /** Spec §3 "brand (id, public_api)": the brand, and where its API is (relative: on the portal's own host). */
  brand: z.object({ id: z.string(), name: z.string(), public_api: z.string() }).optional(),
  /** The account that owns the brand; null for the installation's own brand. */
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  portals: z.array(BrandPortalRef).optional(),
  /** GET /branding/portal only: the portal that matched the host, or null when the default brand answered. */
  portal: BrandPortalRef.nullable().optional(),
  /** GET /branding/portal only: the sign-in buttons (active SSO services of the brand's owner account). */
  sso: z.array(z.object({ id: z.string(), name: z.string(), icon: z.string().optional() })).optional(),
});
export type Brand = z.infer<typeof Brand>;
