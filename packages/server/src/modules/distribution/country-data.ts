import countries from 'i18n-iso-countries';
import { countryPrefix, type Country } from '@trellis/domain';

/** Every ISO 3166-1 alpha-2 country with its English name and telephone prefix (none for e.g. Antarctica). */
export function isoCountries(): Country[] {
  const names = countries.getNames('en', { select: 'official' });
  return Object.entries(names)
    .map(([id, name]) => ({ id, name, icon: null, prefix: countryPrefix(id) }))
    .sort((a, b) => a.id.localeCompare(b.id));
}
