import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import { usePortalVersion } from '../versions.ts';
import { footerText, useBrand } from './brand.ts';

/** The brand's footer line with its help and terms links. */
export function BrandFooter({ sx }: { sx?: SxProps<Theme> }) {
  const brand = useBrand();
  const version = usePortalVersion();
  const link = (href: string, label: string) => (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="inherit" underline="hover">
      {label}
    </Link>
  );
  return (
    <Box
      component="footer"
      sx={[
        { display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center', fontSize: 12, color: 'text.secondary' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <span>{footerText(brand, new Date(), version)}</span>
      {link(brand.urls.help, 'Help')}
      {link(brand.urls.tos, 'Terms of service')}
    </Box>
  );
}
