import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

type Linked = { id: string; name: string };

export interface RemovalOptions<T extends Linked> {
  /** The dialog's title, e.g. "Remove product". */
  title: string;
  /** Where the row is removed from, for the button's tooltip and label ("the group"). */
  from: string;
  confirm: (row: T) => ReactNode;
  remove: (row: T) => Promise<unknown>;
}

/** Remove a linked row after a confirmation: the row's button and the dialog it opens. */
export function useRemoval<T extends Linked>({ title, from, confirm, remove }: RemovalOptions<T>) {
  const [removing, setRemoving] = useState<T | null>(null);
  const button = (row: T) => (
    <Tooltip title={`Remove from ${from.replace(/^the /, '')}`}>
      <IconButton size="small" aria-label={`Remove ${row.name} from ${from}`} onClick={() => setRemoving(row)}>
        <RemoveCircleOutlineIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  const dialog = (
    <ConfirmDialog
      open={!!removing}
      title={title}
      confirmLabel="Remove"
      destructive
      onClose={() => setRemoving(null)}
      onConfirm={() => remove(removing!)}
    >
      {removing && confirm(removing)}
    </ConfirmDialog>
  );
  return { button, dialog };
}
