import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { choicesOf } from '@trellis/domain/parameters/dependencies';
import { DEPENDENCY_SOURCE_TYPES, type ParameterLike, type ParameterType } from '@trellis/domain/parameters/types';
import type { ParameterDraft } from './draft.ts';

/** A parameter (or form field) another one may depend on. */
export type DependencySource = ParameterLike & { title: string; type: ParameterType };

export interface DependencyPickerProps {
  draft: ParameterDraft;
  onChange: (patch: Partial<ParameterDraft>) => void;
  /** Parameters of the same phase, or the form's other fields (the one edited excluded). */
  candidates: readonly DependencySource[];
  /** What holds them, for the hint when none can be depended on ("in this phase", "in this form"). */
  within?: string;
  /** What one of them is called. */
  noun?: string;
  error?: string;
}

/** "Show this parameter only when <checkbox/choice/dropdown> is one of <values>", and what happens otherwise. */
export function DependencyPicker({
  draft,
  onChange,
  candidates,
  error,
  within = 'in this phase',
  noun = 'parameter',
}: DependencyPickerProps) {
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
          <option key={s.name} value={s.name}>{`${s.title} (${s.name})`}</option>
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
          {`Add a checkbox, choice or dropdown ${noun} ${within} to make ${noun}s depend on it.`}
        </FormHelperText>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
