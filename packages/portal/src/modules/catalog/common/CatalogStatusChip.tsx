import Chip from '@mui/material/Chip';
import { StatusChip } from '../../../components/StatusChip.tsx';

/** Catalogue statuses read as words: 'endofsale' is "End of sale" (spec §4). */
export const CATALOG_STATUS_LABELS: Record<string, string> = {
  draft: 'Draft', published: 'Published', endofsale: 'End of sale', building: 'Building', ready: 'Ready', failed: 'Failed',
};

export function CatalogStatusChip({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  if (status === 'endofsale') return <Chip size="small" label="End of sale" color="default" variant="filled" />;
  if (status === 'building') return <Chip size="small" label="Building" color="info" variant="filled" />;
  return <StatusChip status={status} />;
}
