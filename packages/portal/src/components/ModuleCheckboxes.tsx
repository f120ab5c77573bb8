import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { ALL_MODULES } from '@trellis/domain/identity/modules';

export interface ModuleOption {
  id: string;
  name: string;
}

export interface ModuleCheckboxesProps {
  modules: ModuleOption[];
  /** Granted / chosen module ids. */
  value: string[];
  onToggle: (id: string, checked: boolean) => void;
  disabled?: boolean;
  /** Modules being changed right now (their boxes are disabled). */
  pending?: string[];
  label?: string;
}

/** The permission modules as a checkbox list; Full access (MD-0000) implies every other module. */
export function ModuleCheckboxes({
  modules,
  value,
  onToggle,
  disabled,
  pending = [],
  label = 'Module permissions',
}: ModuleCheckboxesProps) {
  const all = value.includes(ALL_MODULES);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {modules.map((m) => {
          const implied = all && m.id !== ALL_MODULES;
          return (
            <FormControlLabel
              key={m.id}
              sx={{ mr: 0 }}
              control={
                <Checkbox
                  size="small"
                  checked={value.includes(m.id) || implied}
                  disabled={disabled || implied || pending.includes(m.id)}
                  onChange={(e) => onToggle(m.id, e.target.checked)}
                />
              }
              label={
                <Typography variant="body2">
                  {m.name}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {m.id}
                    {implied ? ' · included in Full access' : ''}
                  </Typography>
                </Typography>
              }
            />
          );
        })}
      </FormGroup>
    </Box>
  );
}
