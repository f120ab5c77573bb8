import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';

export interface Country {
  code: string;
  name: string;
  callingCode: string;
}

let cached: Country[] | null = null;

/** ISO 3166 countries (the ones phone numbers are known for), by English name. */
export function countries(): Country[] {
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    /* old runtime: show codes */
  }
  cached = getCountries()
    .map((code: CountryCode) => ({ code, name: names?.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return cached;
}
