import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useList } from '../../../api/hooks.ts';
import { errorMessage } from '../../../api/errors.ts';

type Option = { id: string; name: string };

export interface LinkPickerProps {
  /** The list the options come from (searched as the user types). */
  source: string;
  label: string;
  /** Ids already linked: not offered again. */
  linked?: readonly string[];
  onAdd: (id: string) => Promise<unknown>;
}

/** Pick one object of a list by name or id and add it (a product to a group, a group to an agreement). */
export function LinkPicker({ source, label, linked = [], onAdd }: LinkPickerProps) {
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<Option | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const query = [term.trim() && `search=${encodeURIComponent(term.trim())}`, 'ordering(name)', 'limit=20']
    .filter(Boolean)
    .join('&');
  const options = useList<Option>(source, query);
  const offered = (options.data?.items ?? []).filter((o) => !linked.includes(o.id));

  const add = async () => {
    if (!picked) return;
    setBusy(true);
    setError(null);
    try {
      await onAdd(picked.id);
      setPicked(null);
      setTerm('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Autocomplete
          size="small"
          sx={{ flexGrow: 1, maxWidth: 520 }}
          options={offered}
          value={picked}
          inputValue={term}
          loading={options.isFetching}
          disabled={busy}
          filterOptions={(o) => o}
          getOptionLabel={(o) => `${o.name} (${o.id})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, v) => setPicked(v)}
          onInputChange={(_, v, reason) => reason !== 'reset' && setTerm(v)}
          noOptionsText={term ? 'Nothing matches' : 'Nothing left to add'}
          renderInput={(params) => <TextField {...params} label={label} placeholder="Name or ID" />}
        />
        <Button variant="contained" disabled={!picked || busy} onClick={() => void add()}>
          Add
        </Button>
      </Box>
    </Box>
  );
}
