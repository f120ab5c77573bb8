import { createTheme } from '@mui/material/styles';
import { DEFAULT_THEME, type Theme } from '@trellis/domain/format/constants';

// Colours MUI can compute shades of; anything else falls back to the default (createTheme throws on it).
const COLOUR = /^(?:#[0-9a-f]{3}|#[0-9a-f]{6}|(?:rgb|hsl)a?\(\s*[\d.%\s,/]+\))$/i;

/** A brand's colours over the default theme: missing or unusable ones keep the default. */
export function brandColours(theme?: Partial<Theme> | null): Theme {
  const pick = (key: keyof Theme) => {
    const v = theme?.[key];
    return typeof v === 'string' && COLOUR.test(v.trim()) ? v.trim() : DEFAULT_THEME[key];
  };
  return { primary: pick('primary'), navText: pick('navText'), accent: pick('accent') };
}

/** The MUI theme of a brand (spec §9 default: primary #1565c0, nav text #ffffff, accent #1565c0). */
export function portalTheme(colours?: Partial<Theme> | null) {
  const brand = brandColours(colours);
  return createTheme({
    palette: {
      primary: { main: brand.primary, contrastText: brand.navText },
      secondary: { main: brand.accent },
      background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily: 'Roboto, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
      h5: { fontWeight: 500 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      // the brand's accent colours actions and links; the top bar keeps the primary colour with the nav text
      MuiButton: { defaultProps: { color: 'secondary' } },
      MuiLink: { defaultProps: { color: 'secondary' } },
      MuiTableCell: { styleOverrides: { head: { color: '#475467', backgroundColor: '#fafbfc' } } },
      // a read-only field's help stays readable (the disabled grey is 2.3:1, below WCAG AA)
      MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    },
  });
}

export const NAV_TEXT = DEFAULT_THEME.navText;
