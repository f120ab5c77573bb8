import { z } from 'zod';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/max';
import { TEXT_OPS, defineResource } from '../resource/define.ts';

/** An ISO 3166-1 country: alpha-2 id, English name, telephone prefix ('+49'; null where there is none). */
export const Country = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  prefix: z.string().nullable(),
});
export type Country = z.infer<typeof Country>;

export function countryPrefix(id: string): string | null {
  return isSupportedCountry(id) ? `+${getCountryCallingCode(id)}` : null;
}

/** The country list is the same for everyone and read-only. */
export const countryResource = defineResource({
  shared: true,
  name: 'country',
  title: 'Country',
  path: '/countries',
  module: '',
  schema: Country,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
  },
  ordering: ['id', 'name'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
});
