import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Parameter } from '@trellis/domain/catalog/parameter';
import { choicesOf } from '@trellis/domain/parameters/dependencies';
import { DEPENDENCY_SOURCE_TYPES } from '@trellis/domain/parameters/types';
import type { ParameterDraft } from './draft.ts';

export interface DependencyPickerProps {
  draft: ParameterDraft;
  onChange: (patch: Partial<ParameterDraft>) => void;
  /** Parameters of the same phase (the parameter itself excluded). */
  candidates: Parameter[];
  error?: string;
}

/** "Show this parameter only when <checkbox/choice/dropdown> is one of <values>", and what happens otherwise. */
export function DependencyPicker({ draft, onChange, candidates, error }: DependencyPickerProps) {
  const sources = candidates.filter((p) => DEPENDENCY_SOURCE_TYPES.includes(p.type));
  const source = candidates.find((p) => p.name === draft.depends_on);
  const known = sources.some((s) => s.name === draft.depends_on);
  return (
    <Box role="group" aria-label="Dependency">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Dependency
      </Typography>
      <TextField
        select
        size="small"
        fullWidth
        label="Depends on"
        value={draft.depends_on}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        error={!!error}
        onChange={(e) => onChange({ depends_on: e.target.value, depends_values: [] })}
      >
        <option value="">No dependency</option>
        {draft.depends_on && !known && <option value={draft.depends_on}>{draft.depends_on}</option>}
        {sources.map((s) => (
          <option key={s.id} value={s.name}>{`${s.title} (${s.name})`}</option>
        ))}
      </TextField>
      {draft.depends_on && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Shown when one of these is selected (none ticked: any selection):
          </Typography>
          <FormGroup row>
            {(source ? choicesOf(source) : []).map((ch) => (
              <FormControlLabel
                key={ch.value}
                label={ch.label}
                control={
                  <Checkbox
                    size="small"
                    checked={draft.depends_values.includes(ch.value)}
                    onChange={(e) =>
                      onChange({
                        depends_values: e.target.checked
                          ? [...draft.depends_values, ch.value]
                          : draft.depends_values.filter((v) => v !== ch.value),
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <FormControlLabel
            label="Hide while the dependency is not met (otherwise shown and optional)"
            control={
              <Switch checked={draft.depends_hidden} onChange={(e) => onChange({ depends_hidden: e.target.checked })} />
            }
          />
        </>
      )}
      {sources.length === 0 && !draft.depends_on && (
        <FormHelperText>
          Add a checkbox, choice or dropdown parameter in this phase to make parameters depend on it.
        </FormHelperText>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
