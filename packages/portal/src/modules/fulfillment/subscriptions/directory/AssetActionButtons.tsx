import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { Asset } from '@trellis/domain/fulfillment/asset';
import { statusLabel } from '../../../../components/StatusChip.tsx';
import { useOpenRequest } from '../data.ts';
import { ACTION_LABELS, assetActions, type AssetAction } from './assetActions.ts';

export interface AssetActionButtonsProps {
  asset: Asset;
  side: string;
  onAction: (type: AssetAction) => void;
}

/**
 * The header buttons of a subscription. They read the asset's open request themselves (the page header keeps the
 * element it was given), and stay disabled while one is undecided.
 */
export function AssetActionButtons({ asset, side, onAction }: AssetActionButtonsProps) {
  const open = useOpenRequest(asset.id);
  const allowed = assetActions(side, asset.status);
  if (!allowed.length) return null;
  const request = open.data;
  const blocked = request
    ? `Request ${request.id} is still ${statusLabel(request.status).toLowerCase()}: wait until it is decided.`
    : '';
  return (
    <Tooltip title={blocked}>
      <Box component="span" sx={{ display: 'flex', gap: 1 }}>
        {allowed.map((type) => (
          <Button
            key={type}
            variant="outlined"
            size="small"
            color={type === 'cancel' ? 'error' : 'primary'}
            disabled={!!request || open.isPending}
            onClick={() => onAction(type)}
          >
            {ACTION_LABELS[type]}
          </Button>
        ))}
      </Box>
    </Tooltip>
  );
}
