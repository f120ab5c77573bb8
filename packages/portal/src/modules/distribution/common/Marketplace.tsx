import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import { MARKETPLACE_NO_COUNTRY, marketplaceHasNoCountry } from '@trellis/domain/distribution/marketplace';

// How a marketplace looks wherever it appears: its icon, its countries, and the §8 message when it has none.

export function MarketplaceAvatar({
  icon,
  name,
  size = 32,
}: {
  icon: string | null | undefined;
  name: string;
  size?: number;
}) {
  return (
    <Avatar
      variant="rounded"
      src={icon ?? undefined}
      alt={name}
      sx={{ width: size, height: size, bgcolor: icon ? 'transparent' : 'action.selected' }}
    >
      <StorefrontOutlinedIcon sx={{ fontSize: size * 0.6, color: 'text.secondary' }} />
    </Avatar>
  );
}

type Countries = { countries?: readonly { id: string; name?: string }[] | null };

/** Spec §8: the exact message for a marketplace that has no country. */
export function NoCountryAlert({ marketplace }: { marketplace: Countries }) {
  if (!marketplaceHasNoCountry(marketplace)) return null;
  return (
    <Alert severity="warning" data-testid="no-country">
      {MARKETPLACE_NO_COUNTRY}
    </Alert>
  );
}

/** The countries as chips (name, id on hover); "None" in warning colour (the page shows the §8 message). */
export function CountryChips({ marketplace }: { marketplace: Countries }) {
  if (marketplaceHasNoCountry(marketplace))
    return (
      <Box component="span" sx={{ color: 'warning.main' }}>
        None
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {marketplace.countries!.map((c) => (
        <Chip key={c.id} size="small" label={c.name ?? c.id} title={c.id} />
      ))}
    </Box>
  );
}

/** Compact form for a table cell: the ids, or a warning sign carrying the §8 message. */
export function CountryCodes({ marketplace }: { marketplace: Countries }) {
  if (marketplaceHasNoCountry(marketplace)) {
    return (
      // the tooltip also names the cell for assistive technology (aria-label)
      <Tooltip title={MARKETPLACE_NO_COUNTRY}>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'warning.main' }}>
          <WarningAmberOutlinedIcon fontSize="small" /> None
        </Box>
      </Tooltip>
    );
  }
  return <>{marketplace.countries!.map((c) => c.id).join(', ')}</>;
}
