import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { WEBHOOK_MAX_HEADERS } from '@trellis/domain/notifications/webhook';
import type { WebhookForm } from './webhookForm.ts';

export interface HeadersFieldProps {
  control: Control<WebhookForm>;
  register: UseFormRegister<WebhookForm>;
  errors: FieldErrors<WebhookForm>['headers'];
  disabled?: boolean;
}

/** Custom headers sent with every call, as name and value rows (spec §3: headers as key/value pairs). */
export function HeadersField({ control, register, errors, disabled }: HeadersFieldProps) {
  const rows = useFieldArray({ control, name: 'headers' });
  // the resolver keeps a message about all the rows at `root`, the server's at the array itself
  const listError = errors?.root?.message ?? errors?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography variant="subtitle2" component="legend" sx={{ mb: 1 }}>
        Headers
      </Typography>
      <Stack spacing={1.5}>
        {rows.fields.map((row, i) => {
          const e = errors?.[i];
          return (
            <Stack key={row.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label={`Header ${i + 1} name`}
                fullWidth
                disabled={disabled}
                {...register(`headers.${i}.name`)}
                error={!!e?.name}
                helperText={e?.name?.message}
              />
              <TextField
                size="small"
                label={`Header ${i + 1} value`}
                fullWidth
                disabled={disabled}
                {...register(`headers.${i}.value`)}
                error={!!e?.value}
                helperText={e?.value?.message}
              />
              <Tooltip title="Remove">
                <IconButton aria-label={`Remove header ${i + 1}`} disabled={disabled} onClick={() => rows.remove(i)}>
                  <CloseIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        })}
      </Stack>
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      <Button
        size="small"
        startIcon={<AddIcon />}
        disabled={disabled || rows.fields.length >= WEBHOOK_MAX_HEADERS}
        onClick={() => rows.append({ name: '', value: '' })}
        sx={{ mt: 1 }}
      >
        Add header
      </Button>
      <FormHelperText>
        Sent with every call, at most {WEBHOOK_MAX_HEADERS}; Authorization and the other headers Trellis sets are not
        allowed.
      </FormHelperText>
    </Box>
  );
}
