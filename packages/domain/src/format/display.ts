// One value, one rendering: the texts of the display kinds (resource/fields.ts) that are not a date, byte size,
// percent or duration. The portal and messages use these, so a country or a quantity reads the same everywhere.

let regions: Intl.DisplayNames | null | undefined;

/** 'DE' → 'Germany' (Intl's English names); an unknown code stays as it is. */
export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  if (regions === undefined) {
    try {
      regions = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regions = null;
    }
  }
  try {
    return regions?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export interface PhoneParts {
  country_code?: string | null;
  area_code?: string | null;
  phone_number?: string | null;
  extension?: string | null;
}

/** '+49 30 1234567 ext. 12' (missing parts are left out). */
export function formatPhone(p: PhoneParts | null | undefined): string {
  if (!p) return '';
  const main = [p.country_code, p.area_code, p.phone_number].filter(Boolean).join(' ');
  return p.extension ? `${main} ext. ${p.extension}` : main;
}

/** An item quantity: -1 (and 'unlimited') is unlimited. */
export function formatQuantity(q: number | string | null | undefined): string {
  if (q === null || q === undefined || q === '') return '';
  if (q === -1 || q === '-1' || q === 'unlimited') return 'Unlimited';
  const n = Number(q);
  return Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: 10 }) : String(q);
}

/** 'tiers_setup' → 'Tiers setup'; a label from `labels` when there is one. */
export function enumLabel(value: string | null | undefined, labels?: Readonly<Record<string, string>>): string {
  if (value === null || value === undefined || value === '') return '';
  const known = labels?.[value];
  if (known) return known;
  const s = value.replace(/[_-]+/g, ' ').trim();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/** An amount with its currency: '1,234.50 EUR'. */
export function formatMoney(amount: number | string | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const n = Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  const text = n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return currency ? `${text} ${currency}` : text;
}

export interface AddressParts {
  address_line1?: string | null;
  address_line2?: string | null;
  postal_code?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
}

/** The lines of a postal address, the country by its name. */
export function addressLines(a: AddressParts | null | undefined): string[] {
  if (!a) return [];
  return [
    a.address_line1,
    a.address_line2,
    [a.postal_code, a.city].filter(Boolean).join(' '),
    a.state,
    countryName(a.country),
  ].filter((l): l is string => !!l);
}

export interface ContactParts {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone_number?: PhoneParts | null;
}

/** 'Ann Smith · ann@example.com · +49 30 1234567'. */
export function formatContact(c: ContactParts | null | undefined): string {
  if (!c) return '';
  const name = [c.first_name, c.last_name].filter(Boolean).join(' ');
  return [name, c.email, formatPhone(c.phone_number)].filter(Boolean).join(' · ');
}
