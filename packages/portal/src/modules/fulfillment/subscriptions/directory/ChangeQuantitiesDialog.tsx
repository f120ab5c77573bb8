import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import type { Asset } from '@trellis/domain/fulfillment/asset';
import { itemQuantity } from '@trellis/domain/validation/rules';
import { FormDialog } from '../../../../components/FormDialog.tsx';
import { errorMessage } from '../../../../api/errors.ts';

export interface ChangeQuantitiesDialogProps {
  asset: Asset | null;
  onClose: () => void;
  /** Posts the change request with the items whose quantity changes; a thrown error stays in the dialog. */
  onSubmit: (items: { id: string; quantity: string }[]) => Promise<void>;
}

const isUsage = (i: Asset['items'][number]) => i.type === 'ppu';

/** New quantities of the subscription's items (pay-per-use items are billed by usage and have none to change). */
export function ChangeQuantitiesDialog({ asset, onClose, onSubmit }: ChangeQuantitiesDialogProps) {
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!asset) return;
    setQuantities(Object.fromEntries(asset.items.map((i) => [i.id, i.quantity])));
    setProblems({});
    setError(null);
  }, [asset]);
  if (!asset) return null;
  const items = asset.items.filter((i) => !isUsage(i));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = Object.fromEntries(
      items.flatMap((i) => {
        const p = itemQuantity(quantities[i.id]);
        return p ? [[i.id, p]] : [];
      }),
    );
    setProblems(found);
    if (Object.keys(found).length) return;
    const changed = items
      .filter((i) => quantities[i.id].trim() !== i.quantity)
      .map((i) => ({ id: i.id, quantity: quantities[i.id].trim() }));
    if (!changed.length) {
      setError('Change at least one quantity.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(changed);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      title="Change quantities"
      submitLabel="Request change"
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <Typography variant="body2" color="text.secondary">
        The vendor applies the new quantities when it approves the request.
      </Typography>
      <Table size="small" aria-label="Item quantities">
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell>Now</TableCell>
            <TableCell sx={{ width: 160 }}>New quantity</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((i) => (
            <TableRow key={i.id}>
              <TableCell>
                {i.display_name}
                <Typography variant="caption" color="text.secondary" component="div">
                  {i.mpn}
                </Typography>
              </TableCell>
              <TableCell>{i.quantity}</TableCell>
              <TableCell>
                <TextField
                  size="small"
                  value={quantities[i.id] ?? ''}
                  error={!!problems[i.id]}
                  helperText={problems[i.id]}
                  slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `New quantity of ${i.display_name}` } }}
                  onChange={(e) => setQuantities({ ...quantities, [i.id]: e.target.value })}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </FormDialog>
  );
}
