import Box from '@mui/material/Box';
import { useBrand } from './brand.ts';

/** The brand's logo beside its title (decorative: the title says the name), or nothing when it has none. */
export function BrandLogo({ height, src }: { height: number; src?: string | null }) {
  const brand = useBrand();
  const logo = src === undefined ? brand.urls.logo : src;
  if (!logo) return null;
  return (
    <Box
      component="img"
      src={logo}
      alt=""
      sx={{ height, width: 'auto', maxWidth: height * 4, objectFit: 'contain', display: 'block', flexShrink: 0 }}
    />
  );
}
