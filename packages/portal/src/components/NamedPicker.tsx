import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/** An object picked by reference: its id, and its name when known. */
export interface Named {
  id: string;
  name?: string | null;
}

/**
 * Several users or groups of the account, picked by name (a notification rule's recipients, a report schedule's);
 * the current ones stay even when the options cannot be read (without the users module).
 */
export function NamedPicker({
  label,
  value,
  onChange,
  options,
  error,
  helperText,
}: {
  label: string;
  value: Named[];
  onChange: (v: Named[]) => void;
  options: Named[];
  error?: string;
  /** The line under the field while there is no error. */
  helperText?: string;
}) {
  const all = [...options, ...value.filter((v) => !options.some((o) => o.id === v.id))];
  return (
    <Autocomplete
      multiple
      options={all}
      value={value}
      onChange={(_, v) => onChange(v)}
      getOptionLabel={(o) => (o.name ? `${o.name} (${o.id})` : o.id)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error ?? helperText} />}
    />
  );
}
