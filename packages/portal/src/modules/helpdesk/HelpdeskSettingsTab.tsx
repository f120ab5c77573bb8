import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { HELPDESK_MODES, type HelpdeskSettings } from '@trellis/domain/identity/module-settings';
import { api } from '../../api/client.ts';
import { useGet } from '../../api/hooks.ts';
import { notify } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { applyServerErrors } from '../../components/form/serverErrors.ts';
import { MarkdownEditor } from '../../components/markdown/MarkdownEditor.tsx';
import {
  MODE_CHOICES,
  SETTINGS_FIELDS,
  SettingsForm,
  helpdeskSettingsPath,
  settingsBody,
  settingsValues,
} from './settingsForm.ts';

/**
 * Helpdesk › Settings (users who change the account's settings): how many days a resolved case waits for its issuer
 * before it closes itself, and whether the account's support is built in or runs elsewhere (with instructions).
 */
export function HelpdeskSettingsTab() {
  const auth = useAuth();
  const path = helpdeskSettingsPath(auth.account.id);
  const settings = useGet<HelpdeskSettings>(path);
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      {settings.data ? (
        <SettingsEditor path={path} settings={settings.data} />
      ) : (
        [1, 2, 3].map((i) => <Skeleton key={i} height={40} />)
      )}
    </Paper>
  );
}

function SettingsEditor({ path, settings }: { path: string; settings: HelpdeskSettings }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SettingsForm>({ resolver: zodResolver(SettingsForm), values: settingsValues(settings) });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isDirty, isSubmitting },
  } = form;

  const save = handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await api.put<HelpdeskSettings>(path, settingsBody(values));
      client.setQueryData(['get', path], saved);
      notify('success', 'The helpdesk settings are saved.');
    } catch (err) {
      setError(applyServerErrors(err, SETTINGS_FIELDS, form.setError));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={save} spacing={3} sx={{ maxWidth: 960 }}>
      {error && (
        <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
          {error}
        </Alert>
      )}
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          Auto-close
        </Typography>
        <TextField
          label="Close resolved cases after"
          required
          inputMode="numeric"
          {...register('ttl')}
          error={!!errors.ttl}
          helperText={
            errors.ttl?.message ??
            'A case your account resolved closes itself after this many days unless its issuer reopens it (0: at once).'
          }
          sx={{ maxWidth: 480 }}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">days</InputAdornment> } }}
        />
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h2" id="helpdesk-mode" sx={{ mb: 1 }}>
          Mode
        </Typography>
        <Controller
          control={control}
          name="mode"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby="helpdesk-mode"
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
            >
              {HELPDESK_MODES.map((m) => (
                <FormControlLabel
                  key={m}
                  value={m}
                  sx={{ alignItems: 'flex-start', mb: 1 }}
                  control={<Radio size="small" sx={{ pt: 0.25 }} />}
                  label={
                    <Box>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {MODE_CHOICES[m].label}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {MODE_CHOICES[m].help}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          )}
        />
      </Box>
      <Controller
        control={control}
        name="instructions"
        render={({ field }) => (
          <MarkdownEditor
            label="Instructions (Markdown)"
            helperText="Where and how partners get support from your account: required in federated mode."
            value={field.value}
            onChange={field.onChange}
            error={errors.instructions?.message}
          />
        )}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
          Save settings
        </Button>
      </Box>
    </Stack>
  );
}
