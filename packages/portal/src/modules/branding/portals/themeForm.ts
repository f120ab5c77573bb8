import { PortalUpdate, type Portal } from '@trellis/domain/branding/portal';
import { hexColor } from '@trellis/domain/validation/rules';

// The theme editor's form: the portal's writable look as flat text values, the body a save sends, and the
// checks — the declaration's own update schema, so the editor says what the server would (spec §5 messages).

export interface ThemeValues {
  domains: string;
  title: string;
  primary: string;
  navigation: string;
  accent: string;
  help: string;
  tos: string;
  sign_up: string;
  footer: string;
  analytics_key: string;
  replaced_by: string;
}
export type ThemeErrors = Partial<Record<keyof ThemeValues, string>>;

export function valuesOf(p: Portal): ThemeValues {
  return {
    domains: p.domains,
    title: p.title ?? '',
    primary: p.theme.primary,
    navigation: p.theme.navigation,
    accent: p.theme.accent,
    help: p.signin.help,
    tos: p.urls.tos,
    sign_up: p.urls.sign_up ?? '',
    footer: p.footer.content,
    analytics_key: p.analytics_key ?? '',
    replaced_by: p.replaced_by ?? '',
  };
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** The PUT body of the look (the logo and favicons change through their own uploads). */
export function bodyOf(v: ThemeValues) {
  return {
    domains: v.domains.trim(),
    title: orNull(v.title),
    theme: { primary: v.primary.trim(), navigation: v.navigation.trim(), accent: v.accent.trim() },
    urls: { tos: v.tos.trim(), sign_up: orNull(v.sign_up) },
    signin: { help: v.help.trim() },
    footer: { content: v.footer },
    analytics_key: orNull(v.analytics_key),
    replaced_by: orNull(v.replaced_by),
  };
}

/** Where each body path's messages go (server `fields` and schema issues alike). */
const FIELD_OF: Record<string, keyof ThemeValues> = {
  domains: 'domains',
  title: 'title',
  'theme.primary': 'primary',
  'theme.navigation': 'navigation',
  'theme.accent': 'accent',
  'signin.help': 'help',
  'urls.tos': 'tos',
  'urls.sign_up': 'sign_up',
  'footer.content': 'footer',
  analytics_key: 'analytics_key',
  replaced_by: 'replaced_by',
};
export const fieldOf = (path: string): keyof ThemeValues | undefined => FIELD_OF[path];

/** The first message for each field, checked by the update schema the server uses. */
export function validate(v: ThemeValues): ThemeErrors {
  const parsed = PortalUpdate.safeParse(bodyOf(v));
  const errors: ThemeErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export const sameValues = (a: ThemeValues, b: ThemeValues) =>
  (Object.keys(a) as (keyof ThemeValues)[]).every((k) => a[k] === b[k]);

/** '#abc' / '#aabbcc' → [r, g, b] (0–255), or null when it is not a hex colour of the spec §5 rule. */
export function rgbOf(hex: string): [number, number, number] | null {
  if (hexColor(hex) !== null || !hex.trim()) return null;
  let h = hex.trim().slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const luminance = ([r, g, b]: [number, number, number]) => {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

/** The WCAG contrast ratio of two hex colours (1 to 21), or null when either is not one. */
export function contrastRatio(a: string, b: string): number | null {
  const x = rgbOf(a);
  const y = rgbOf(b);
  if (!x || !y) return null;
  const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m);
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;
