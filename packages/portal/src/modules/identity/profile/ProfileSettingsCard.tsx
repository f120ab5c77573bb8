import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDate } from '@trellis/domain/format/date';
import { TIME_FORMATS } from '@trellis/domain/identity/user';
import { KNOWN_REGIONS, getKnownTimezones, resolveRegion, resolveTimezone } from '@trellis/domain/validation/settings';
import { api } from '../../../api/client.ts';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { CONTEXT_KEY } from '../../../app/session/SessionProvider.tsx';
import type { AuthUser } from '../../../app/session/types.ts';
import { notify } from '../data.ts';

const regionName = (() => {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'language' });
  } catch {
    names = null;
  }
  return (r: string) => `${names?.of(r.replace('_', '-')) ?? r} (${r})`;
})();

/** "+05:30" for 330 minutes. */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * The user's own settings (PUT /users/{id}): name, time zone, time format and region. Values the server does not
 * know fall back to UTC and en_US (spec §5); the form offers only known ones.
 */
export function ProfileSettingsCard({ user }: { user: AuthUser }) {
  const client = useQueryClient();
  const zones = useMemo(() => [...getKnownTimezones()].sort(), []);
  const [name, setName] = useState(user.name);
  const [timezone, setTimezone] = useState(resolveTimezone(user.timezone));
  const [timeformat, setTimeformat] = useState(user.timeformat === '12h' ? '12h' : '24h');
  const [region, setRegion] = useState<string>(resolveRegion(user.region));
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed =
    name !== user.name || timezone !== user.timezone || timeformat !== user.timeformat || region !== user.region;

  const save = async () => {
    setBusy(true);
    setNameError(null);
    try {
      await api.put(`/users/${user.id}`, { name: name.trim(), timezone, timeformat, region });
      await client.invalidateQueries({ queryKey: CONTEXT_KEY });
      notify('success', 'Your settings were saved.');
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.name?.[0] : undefined;
      if (field) setNameError(field);
      else notify('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          Your settings
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!nameError}
            helperText={nameError}
            fullWidth
          />
          <Autocomplete
            options={zones}
            value={timezone}
            disableClearable
            onChange={(_e, v) => setTimezone(v)}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Time zone"
                helperText={
                  timezone === user.timezone && user.timezoneOffset !== undefined
                    ? offsetLabel(user.timezoneOffset)
                    : ' '
                }
              />
            )}
          />
          <TextField
            select
            label="Time format"
            value={timeformat}
            onChange={(e) => setTimeformat(e.target.value)}
            fullWidth
          >
            {TIME_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {f === '24h' ? '24-hour' : '12-hour'} (
                {formatDate(new Date(2024, 0, 31, 14, 5), { hour12: f === '12h', format: 'LT' })})
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Region" value={region} onChange={(e) => setRegion(e.target.value)} fullWidth>
            {KNOWN_REGIONS.map((r) => (
              <MenuItem key={r} value={r}>
                {regionName(r)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" disabled={!changed || busy || !name.trim()} onClick={() => void save()}>
            Save
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
