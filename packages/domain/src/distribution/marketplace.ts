import { z } from 'zod';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/define.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import type { Fields } from '../resource/fields.ts';

/** ISO 4217 codes the reference accepts for a marketplace's currencies. */
export const CURRENCIES =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWL'.split(
    ' ',
  );
export const ZONES = ['AF', 'NA', 'OC', 'AS', 'EU', 'SA'] as const;
export const ZONE_LABELS: Record<(typeof ZONES)[number], string> = {
  AF: 'Africa',
  NA: 'North America',
  OC: 'Oceania',
  AS: 'Asia',
  EU: 'Europe',
  SA: 'South America',
};

/** Spec §8: what the portal shows for a marketplace that has no country. */
export const MARKETPLACE_NO_COUNTRY =
  'This Marketplace is not configured properly (no country assigned). Please contact support.';
export const marketplaceHasNoCountry = (m: { countries?: readonly unknown[] | null }) => !m.countries?.length;

const AccountRef = z.object({ id: z.string(), name: z.string().optional(), icon: z.string().nullable().optional() });

export const MarketplaceHub = z.object({
  hub: z.object({ id: z.string(), name: z.string().optional() }),
  external_id: z.string(),
});

export const Marketplace = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  owner: AccountRef,
  icon: z.string().nullable(),
  zone: z.enum(ZONES).nullable(),
  hubs: z.array(MarketplaceHub),
  active_contracts: z.number().int(),
  countries: z.array(z.object({ id: z.string(), name: z.string().optional() })),
  currency: z.string().nullable(),
  alt_currency_1: z.string().nullable(),
  alt_currency_2: z.string().nullable(),
  stats: z.object({ listings: z.number().int(), hubs: z.number().int() }).optional(),
  events: Events,
});
export type Marketplace = z.infer<typeof Marketplace>;

const currency = (field: string) =>
  z
    .string()
    .refine((c) => CURRENCIES.includes(c), `${field} must be an ISO 4217 currency code`)
    .nullable()
    .optional();

export const MarketplaceCreate = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(255, maxLength(255)),
  description: z.string().max(4096, maxLength(4096)).nullable().optional(),
  zone: z
    .enum(ZONES, { error: `zone must be one of ${ZONES.join(', ')}` })
    .nullable()
    .optional(),
  countries: z
    .array(z.object({ id: z.string({ error: REQUIRED }) }))
    .max(300)
    .optional(),
  currency: currency('currency'),
  alt_currency_1: currency('alt_currency_1'),
  alt_currency_2: currency('alt_currency_2'),
  hubs: z
    .array(
      z.object({
        hub: z.object({ id: z.string({ error: REQUIRED }) }),
        external_id: z.string().max(255, maxLength(255)).optional(),
      }),
    )
    .max(100)
    .optional(),
});
export const MarketplaceUpdate = MarketplaceCreate.partial();

const MARKETPLACE_FIELDS: Fields = {
  icon: { label: 'Icon', kind: 'url' },
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  description: { label: 'Description', kind: 'multiline' },
  owner: { label: 'Owner', kind: 'ref' },
  countries: { label: 'Countries', kind: 'list' },
  currency: { label: 'Currency', kind: 'text' },
  zone: { label: 'Zone', kind: 'enum', labels: ZONE_LABELS },
  hubs: { label: 'Hubs', kind: 'list' },
  'stats.hubs': { label: 'Hubs', kind: 'number' },
  'stats.listings': { label: 'Listings', kind: 'number' },
};

/**
 * Providers own marketplaces; vendors see those of their active partners and those they have listings in.
 * A provider's list shows only the marketplaces it owns unless the query filters on owner.id itself (spec §6),
 * e.g. `?null(owner.id,false)` for every marketplace it can see.
 */
export const marketplaceResource = defineResource({
  name: 'marketplace',
  title: 'Marketplace',
  path: '/marketplaces',
  module: 'MD-0003',
  schema: Marketplace,
  create: MarketplaceCreate,
  update: MarketplaceUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    description: { type: 'string', ops: TEXT_OPS },
    currency: { type: 'string', ops: TEXT_OPS },
    alt_currency_1: { type: 'string', ops: TEXT_OPS },
    alt_currency_2: { type: 'string', ops: TEXT_OPS },
    zone: { type: 'string', ops: ENUM_OPS, options: ZONES },
    'owner.id': { type: 'string', ops: TEXT_OPS },
    'owner.name': { type: 'string', ops: TEXT_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'name', 'currency', 'events.created.at'],
  defaultOrdering: 'name',
  search: ['id', 'name', 'currency', 'owner.id', 'owner.name'],
  visibleTo: ['vendor', 'provider'],
  fields: MARKETPLACE_FIELDS,
  list: {
    columns: ['name', 'owner', 'countries', 'currency', 'stats.hubs', 'stats.listings'],
    phone: ['name', 'countries'],
  },
  detail: {
    fields: ['icon', 'id', 'name', 'description', 'countries', 'currency', 'zone', 'hubs', 'stats.listings', 'owner'],
  },
});
