import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo } from 'react';
import { brandFooter } from '@trellis/domain/branding/constants';
import { PORTAL_VERSION } from '../../../app/branding/brand.ts';
import { BrandLogo } from '../../../app/branding/BrandLogo.tsx';
import { portalTheme } from '../../../app/theme.ts';
import type { ThemeValues } from './themeForm.ts';

/**
 * The portal's chrome as the theme being edited would draw it, with the app's own theme function: the top bar in
 * the primary colour with the navigation text colour, logo and title; the accent on buttons and links; the footer
 * with {version} and {year} filled in. A colour that is not valid yet shows the default, as the portal would.
 */
export function ThemePreview({
  values,
  logo,
  fallbackTitle,
  accountName,
}: {
  values: ThemeValues;
  logo: string | null;
  fallbackTitle: string;
  accountName: string;
}) {
  const theme = useMemo(
    () => portalTheme({ primary: values.primary, navText: values.navigation, accent: values.accent }),
    [values.primary, values.navigation, values.accent],
  );
  const title = values.title.trim() || fallbackTitle;
  const footer = brandFooter(values.footer, { version: PORTAL_VERSION, year: new Date().getFullYear() });
  return (
    <ThemeProvider theme={theme}>
      <Paper
        variant="outlined"
        component="figure"
        aria-label="Preview of the portal"
        data-testid="theme-preview"
        sx={{ m: 0, overflow: 'hidden', bgcolor: 'background.default' }}
      >
        {/* a picture of the chrome: nothing in it can be focused or pressed */}
        <Box inert>
          <AppBar position="static" color="primary" data-testid="preview-bar">
            <Toolbar variant="dense" sx={{ gap: 1 }}>
              <BrandLogo src={logo} height={28} />
              <Typography variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }} noWrap>
                {title}
              </Typography>
              <Typography variant="body2" sx={{ opacity: 0.9 }} noWrap>
                {accountName}
              </Typography>
            </Toolbar>
          </AppBar>
          <Box sx={{ p: 2 }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle2" gutterBottom>
                Products
              </Typography>
              <Typography variant="body2" sx={{ mb: 2 }}>
                Lists, details and forms use the accent for their actions and{' '}
                <Link component="span" underline="always" data-testid="preview-link">
                  links
                </Link>
                .
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button variant="contained" size="small" data-testid="preview-button">
                  Add product
                </Button>
                <Button size="small">Export</Button>
              </Stack>
            </Paper>
          </Box>
          <Box
            sx={{
              display: 'flex',
              gap: 2,
              flexWrap: 'wrap',
              justifyContent: 'center',
              fontSize: 12,
              color: 'text.secondary',
              pb: 1.5,
              px: 1,
            }}
          >
            <span data-testid="preview-footer">{footer}</span>
            <Link component="span" color="inherit" underline="hover">
              Help
            </Link>
            <Link component="span" color="inherit" underline="hover">
              Terms of service
            </Link>
          </Box>
        </Box>
        <Typography component="figcaption" variant="caption" color="text.secondary" sx={{ display: 'block', p: 1 }}>
          Preview: it changes as you type; the portal changes when you save.
        </Typography>
      </Paper>
    </ThemeProvider>
  );
}
