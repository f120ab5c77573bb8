import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandFooter } from './branding/BrandFooter.tsx';
import { useBrand } from './branding/brand.ts';
import { BrandLogo } from './branding/BrandLogo.tsx';

/** The anonymous pages' layout: brand on top, one card in the middle of a tinted page. */
export function CenteredCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const brand = useBrand();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: (t) =>
          `linear-gradient(160deg, ${t.palette.primary.dark} 0%, ${t.palette.primary.main} 45%, #e8eef6 45.1%)`,
      }}
    >
      <Typography
        variant="h4"
        component="div"
        sx={{
          color: 'primary.contrastText',
          fontWeight: 600,
          letterSpacing: 0.5,
          mb: 3,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          textAlign: 'center',
        }}
      >
        <BrandLogo height={48} />
        {brand.title}
      </Typography>
      <Paper component="main" elevation={3} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
      <BrandFooter sx={{ mt: 3 }} />
    </Box>
  );
}
