import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { NothingConfigured } from './NothingConfigured.tsx';

export default function BrandingPage() {
  usePageChrome({ title: 'Branding' });
  return (
    <NothingConfigured title="No portals or domains configured yet" icon={<PaletteOutlinedIcon />}>
      The portal uses the default theme (primary #1565c0). Custom portals, domains and brand colours are not
      available in this version of Trellis yet.
    </NothingConfigured>
  );
}
