import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { cron as cronRule } from '@trellis/domain/validation/rules';
import { CronSummary } from './CronSummary.tsx';
import {
  TRIGGER_MODES,
  TRIGGER_MODE_LABELS,
  WEEKDAYS,
  cronOfInput,
  type TriggerInput,
  type TriggerMode,
} from './triggerInput.ts';

export interface TriggerFieldProps {
  value: TriggerInput;
  onChange: (value: TriggerInput) => void;
  /** Messages by trigger field (`cron`, `time`, `day_of_week`, `day_of_month`). */
  errors?: Partial<Record<keyof TriggerInput, string>>;
  /** The moment the next runs are counted from (tests); default now. */
  from?: Date;
}

/**
 * When a schedule runs: daily, weekly or monthly at a UTC time, or a cron expression; with what that means in words
 * and the next five runs.
 */
export function TriggerField({ value: v, onChange, errors = {}, from }: TriggerFieldProps) {
  const set = (patch: Partial<TriggerInput>) => onChange({ ...v, ...patch });
  // a cron expression is checked as it is typed (the domain's rule, the spec's message)
  const cronError = v.mode === 'cron' ? (errors.cron ?? (v.cron.trim() ? cronRule(v.cron) : null)) : null;
  const cronInvalid = !!cronError;
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Runs</FormLabel>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
        <TextField
          select
          label="Frequency"
          value={v.mode}
          onChange={(e) => set({ mode: e.target.value as TriggerMode })}
          sx={{ minWidth: 180 }}
        >
          {TRIGGER_MODES.map((m) => (
            <MenuItem key={m} value={m}>
              {TRIGGER_MODE_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
        {v.mode === 'weekly' && (
          <TextField
            select
            label="Day"
            value={v.day_of_week}
            onChange={(e) => set({ day_of_week: Number(e.target.value) })}
            error={!!errors.day_of_week}
            helperText={errors.day_of_week}
            sx={{ minWidth: 160 }}
          >
            {WEEKDAYS.map((d, i) => (
              <MenuItem key={d} value={i + 1}>
                {d}
              </MenuItem>
            ))}
          </TextField>
        )}
        {v.mode === 'monthly' && (
          <TextField
            type="number"
            label="Day of month"
            value={v.day_of_month}
            onChange={(e) => set({ day_of_month: Number(e.target.value) })}
            error={!!errors.day_of_month}
            helperText={errors.day_of_month ?? 'A month without that day has no run.'}
            slotProps={{ htmlInput: { min: 1, max: 31 } }}
            sx={{ width: 160 }}
          />
        )}
        {v.mode !== 'cron' && (
          <TextField
            type="time"
            label="Time (UTC)"
            value={v.time}
            onChange={(e) => set({ time: e.target.value })}
            error={!!errors.time}
            helperText={errors.time}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 160 }}
          />
        )}
        {v.mode === 'cron' && (
          <TextField
            label="Cron expression"
            required
            value={v.cron}
            onChange={(e) => set({ cron: e.target.value })}
            error={cronInvalid}
            helperText={cronError ?? 'Minute, hour, day of month, month, day of week (UTC), e.g. 0 6 * * 1-5'}
            placeholder="0 6 * * 1-5"
            sx={{ flexGrow: 1, minWidth: 240 }}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        )}
      </Box>
      {!cronInvalid && (
        <Box sx={{ mt: 2 }}>
          <CronSummary expr={cronOfInput(v)} from={from} />
        </Box>
      )}
    </FormControl>
  );
}
