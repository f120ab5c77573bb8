import { z } from 'zod';
import { defineResource, TEXT_OPS } from '../resource/define.ts';
import { filterOf, roteFilters } from '../resource/filters.ts';
import { Events } from '../identity/common.ts';
import * as rules from '../validation/rules.ts';
import { zOptionalString, zRequiredString } from '../validation/zod.ts';
import { PORTAL_TYPES } from './brand.ts';
import { ANALYTICS_KEY_MAX, FAVICON_KINDS, FOOTER_MAX, hostRule, PORTAL_TITLE_MAX } from './constants.ts';
import { BRANDING_MODULE } from './owned-brand.ts';

// A portal of a brand (reference branding.Portal): the host it answers on (`domains`) and its look — title,
// colours, logo, favicons, help / terms / sign-up links, footer, analytics key — and `replaced_by`, a host that
// supersedes this one. GET /branding/portal turns the portal of the asking host into the spec §3 brand object.

export const PORTAL_TYPE_LABELS: Readonly<Record<string, string>> = {
  vendor: 'Vendor',
  provider: 'Provider',
  customer: 'Customer',
  universal: 'Universal',
};

export const PortalTheme = z.object({ primary: z.string(), navigation: z.string(), accent: z.string() });
export type PortalTheme = z.infer<typeof PortalTheme>;

const Favicons = z.object(Object.fromEntries(FAVICON_KINDS.map((k) => [k, z.string().nullable().optional()])));

export const Portal = z.object({
  id: z.string(),
  /** The host (name or address, optional :port, lower case) this portal answers on; unique in the installation. */
  domains: z.string(),
  /** The owner's account type (reference: read-only). */
  type: z.enum(PORTAL_TYPES),
  title: z.string().nullable().optional(),
  theme: PortalTheme,
  urls: z.object({
    tos: z.string(),
    sign_up: z.string().nullable().optional(),
    logo: z.string().nullable().optional(),
    favicons: Favicons,
  }),
  signin: z.object({ help: z.string() }),
  footer: z.object({ content: z.string() }),
  analytics_key: z.string().nullable().optional(),
  replaced_by: z.string().nullable().optional(),
  brand: z.object({ id: z.string(), name: z.string(), public_api: z.string().optional() }),
  events: Events,
});
export type Portal = z.infer<typeof Portal>;

const colour = zRequiredString(rules.hexColor);
const link = zRequiredString(rules.url);
const host = zRequiredString(hostRule);

/** The writable look of a portal; on update only the parts given change. */
const lookFields = {
  title: zOptionalString((v) => rules.maxLength(v, PORTAL_TITLE_MAX)).meta({
    title: 'Title',
    description: `Shown in the top bar and the browser tab, at most ${PORTAL_TITLE_MAX} characters; the brand's name when empty.`,
  }),
  theme: z.object({ primary: colour.optional(), navigation: colour.optional(), accent: colour.optional() }).optional(),
  urls: z
    .object({
      tos: link.optional(),
      sign_up: zOptionalString(rules.url),
      /** Set by uploading (POST …/logo); a write may only keep it or clear it (null). */
      logo: z.string().nullish(),
      /** Set by uploading (POST …/favicon); a write may only keep or clear (null) each. */
      favicons: z.object(Object.fromEntries(FAVICON_KINDS.map((k) => [k, z.string().nullish()]))).optional(),
    })
    .optional(),
  signin: z.object({ help: link.optional() }).optional(),
  footer: z
    .object({
      content: z.string().max(FOOTER_MAX, `Input must be at most ${FOOTER_MAX} characters`).optional(),
    })
    .optional(),
  analytics_key: zOptionalString((v) => rules.maxLength(v, ANALYTICS_KEY_MAX)),
  replaced_by: zOptionalString(hostRule),
};

export const PortalCreate = z.object({
  domains: host.meta({
    title: 'Host',
    description: 'The host name the portal answers on, e.g. portal.example.com (with :port when not 80 or 443).',
  }),
  ...lookFields,
});
export const PortalUpdate = z.object({ domains: host.optional(), ...lookFields });
export type PortalUpdate = z.infer<typeof PortalUpdate>;

export const portalResource = defineResource({
  name: 'portal',
  title: 'Portal',
  path: '/brands/:brandId/portals',
  module: BRANDING_MODULE,
  schema: Portal,
  create: PortalCreate,
  update: PortalUpdate,
  remove: true,
  removal: {
    label: 'Delete',
    confirm: (p: Portal) => `Delete the portal ${p.domains}? The host shows the installation's brand afterwards.`,
    done: (p: Portal) => `The portal ${p.domains} was deleted.`,
  },
  visibleTo: ['vendor', 'provider'],
  filters: {
    ...roteFilters(Portal, ['brand']),
    domains: filterOf(Portal, 'domains', TEXT_OPS),
    title: filterOf(Portal, 'title', TEXT_OPS),
    replaced_by: filterOf(Portal, 'replaced_by', TEXT_OPS),
  },
  ordering: ['domains', 'title', 'events.created.at'],
  defaultOrdering: 'events.created.at',
  search: ['id', 'domains', 'title'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    domains: { label: 'Host', kind: 'text' },
    title: { label: 'Title', kind: 'text', empty: "The brand's name" },
    type: { label: 'Type', kind: 'enum', labels: PORTAL_TYPE_LABELS },
    replaced_by: { label: 'Replaced by', kind: 'text', hideEmpty: true },
    analytics_key: { label: 'Analytics key', kind: 'text', hideEmpty: true },
    'brand.name': { label: 'Brand', kind: 'text' },
    'events.created.at': { label: 'Created', kind: 'date' },
  },
  list: {
    columns: ['id', 'domains', 'title', 'type', 'replaced_by', 'events.created.at'],
    phone: ['domains', 'title'],
    filters: ['type'],
  },
  detail: { fields: ['id', 'domains', 'title', 'type', 'brand.name', 'replaced_by', 'analytics_key'] },
});
