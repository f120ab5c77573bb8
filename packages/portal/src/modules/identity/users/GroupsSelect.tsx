import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Group } from '@trellis/domain/identity/group';

export interface GroupsSelectProps {
  groups: Group[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
  label?: string;
}

/** Pick any number of the account's groups (shown by name). */
export function GroupsSelect({ groups, value, onChange, error, disabled, label = 'Groups' }: GroupsSelectProps) {
  const nameOf = (id: string) => groups.find((g) => g.id === id)?.name ?? id;
  return (
    <TextField
      select
      label={label}
      value={value}
      disabled={disabled}
      fullWidth
      error={!!error}
      helperText={error ?? 'Members get the permissions of their groups.'}
      slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map(nameOf).join(', ') } }}
      onChange={(e) => {
        const v = e.target.value as unknown as string[] | string;
        onChange(typeof v === 'string' ? v.split(',').filter(Boolean) : v);
      }}
    >
      {groups.map((g) => (
        <MenuItem key={g.id} value={g.id} dense>
          <Checkbox size="small" checked={value.includes(g.id)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={g.name} secondary={g.description || undefined} />
        </MenuItem>
      ))}
    </TextField>
  );
}
