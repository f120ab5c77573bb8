import { createTheme } from '@mui/material/styles';
import { DEFAULT_THEME, type Theme } from '@trellis/domain/format/constants';

/** The MUI theme of a brand (spec §9 default: primary #1565c0, nav text #ffffff, accent #1565c0). */
export function portalTheme(brand: Theme = DEFAULT_THEME) {
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
      MuiTableCell: { styleOverrides: { head: { color: '#475467', backgroundColor: '#fafbfc' } } },
    },
  });
}

export const NAV_TEXT = DEFAULT_THEME.navText;
