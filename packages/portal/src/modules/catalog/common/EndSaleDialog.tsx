import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/errors.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { EMPTY_SELECT } from './selects.ts';

export interface EndSaleBody { end_of_sale_notes?: string; replacement: { id: string } | null }

export interface EndSaleDialogProps {
  open: boolean;
  /** "product" or "item": for the wording. */
  noun: string;
  name: string;
  /** What may replace it (other products of the vendor, other items of the product). */
  replacements: { id: string; name: string }[];
  onClose: () => void;
  onConfirm: (body: EndSaleBody) => Promise<unknown>;
}

/** End of sale: optional notes for customers and an optional replacement; stays open with the server's message. */
export function EndSaleDialog({ open, noun, name, replacements, onClose, onConfirm }: EndSaleDialogProps) {
  const [notes, setNotes] = useState('');
  const [replacement, setReplacement] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setNotes('');
    setReplacement('');
    setError(null);
  }, [open]);
  const tooLong = notes.length > 1024;
  return (
    <FormDialog open={open} title={`End of sale: ${name}`} submitLabel="End sale" busy={busy} error={error} onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        if (tooLong) return;
        setBusy(true);
        setError(null);
        onConfirm({ ...(notes.trim() ? { end_of_sale_notes: notes.trim() } : {}), replacement: replacement ? { id: replacement } : null })
          .then(onClose, (err) => setError(errorMessage(err)))
          .finally(() => setBusy(false));
      }}>
      <Typography variant="body2" color="text.secondary">
        Customers can no longer buy this {noun}; existing subscriptions keep it. You can resume the sale later.
      </Typography>
      <TextField label="Notes" multiline minRows={3} fullWidth value={notes} onChange={(e) => setNotes(e.target.value)}
        error={tooLong} helperText={tooLong ? 'Input must be at most 1024 characters' : 'Why the sale ends, shown to customers.'} />
      <TextField select label="Replacement" fullWidth slotProps={EMPTY_SELECT} value={replacement} onChange={(e) => setReplacement(e.target.value)}
        helperText={`The ${noun} customers should move to.`}>
        <MenuItem value=""><em>None</em></MenuItem>
        {replacements.map((r) => <MenuItem key={r.id} value={r.id}>{r.name} ({r.id})</MenuItem>)}
      </TextField>
    </FormDialog>
  );
}
