import { useQuery } from '@tanstack/react-query';
import type { Country } from '@trellis/domain/distribution/country';
import { listAll } from '../../api/list.ts';

/** GET /countries, whole (ISO 3166 with telephone prefixes); the list never changes while the portal runs. */
export function useCountryList() {
  return useQuery({
    // Same key as the distribution screens' list, so one fetch serves both.
    queryKey: ['list', '/countries', 'all'],
    queryFn: ({ signal }) => listAll<Country>('/countries', 'ordering(name)', signal),
    staleTime: 10 * 60_000,
  });
}

export interface CallingCode {
  prefix: string;
  label: string;
}

/** The country a shared prefix is known by (+1 is the US and 24 others, +7 Russia and Kazakhstan, …). */
const MAIN_COUNTRY = new Set(['US', 'RU', 'GB', 'IT', 'NO', 'AU', 'FI', 'RE', 'GP', 'MA', 'SH', 'CW']);

/** One entry per telephone prefix, in numeric order, named by its main country. */
export function callingCodes(countries: readonly Country[]): CallingCode[] {
  const byPrefix = new Map<string, Country[]>();
  for (const c of countries) if (c.prefix) byPrefix.set(c.prefix, [...(byPrefix.get(c.prefix) ?? []), c]);
  return [...byPrefix.entries()]
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))
    .map(([prefix, list]) => {
      const main = list.find((c) => MAIN_COUNTRY.has(c.id)) ?? list[0];
      return { prefix, label: `${prefix} ${main.name}${list.length > 1 ? ` and ${list.length - 1} more` : ''}` };
    });
}
