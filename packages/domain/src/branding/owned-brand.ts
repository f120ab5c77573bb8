import { z } from 'zod';
import { defineResource } from '../resource/define.ts';
import { roteFilters } from '../resource/filters.ts';
import { Events } from '../identity/common.ts';
import * as rules from '../validation/rules.ts';
import { zRequiredString } from '../validation/zod.ts';
import { BRAND_NAME_MAX } from './constants.ts';

// A brand as /brands serves it (reference branding.Brand): owned by one account, which manages its portals
// (branding/portal.ts). An account owns at most one brand; a child account without one shows its parent's.
// The installation's own brand BR-000 belongs to no account and is never served here.

export const BRANDING_MODULE = 'MD-0011';

/** A DNS label, at most 63 characters: the brand's short unique name. */
const subdomainField = zRequiredString(rules.subdomain, (v) => rules.maxLength(v, 63));
const nameField = zRequiredString((v) => rules.maxLength(v, BRAND_NAME_MAX));

export const OwnedBrand = z.object({
  id: z.string(),
  name: z.string(),
  subdomain: z.string(),
  owner: z.object({ id: z.string(), name: z.string() }),
  events: Events,
});
export type OwnedBrand = z.infer<typeof OwnedBrand>;

export const OwnedBrandCreate = z.object({
  name: nameField.meta({ title: 'Name', description: 'How the brand is called in lists.' }),
  subdomain: subdomainField.meta({
    title: 'Subdomain',
    description: 'A short unique name of the brand: letters, digits and hyphens.',
  }),
});
/** Only the fields given change. */
export const OwnedBrandUpdate = z.object({
  name: nameField.optional().meta({ title: 'Name' }),
  subdomain: subdomainField.optional().meta({ title: 'Subdomain' }),
});

export const brandResource = defineResource({
  name: 'brand',
  title: 'Brand',
  path: '/brands',
  module: BRANDING_MODULE,
  schema: OwnedBrand,
  create: OwnedBrandCreate,
  update: OwnedBrandUpdate,
  visibleTo: ['vendor', 'provider'],
  filters: {
    ...roteFilters(OwnedBrand),
    subdomain: { type: 'string', ops: ['eq', 'ne', 'like', 'ilike', 'in', 'out'] },
  },
  ordering: ['name', 'subdomain', 'events.created.at'],
  defaultOrdering: 'name',
  search: ['id', 'name', 'subdomain'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    subdomain: { label: 'Subdomain', kind: 'text' },
  },
  list: { columns: ['id', 'name', 'subdomain'], phone: ['name', 'subdomain'] },
  detail: { fields: ['id', 'name', 'subdomain'] },
});
