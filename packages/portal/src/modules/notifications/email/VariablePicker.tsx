import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { NotificationEvent } from '@trellis/domain/notifications/notification-event';
import { useGet } from '../../../api/hooks.ts';
import { previewContextApiPath } from './paths.ts';

/** GET /notifications/subscriptions/{id}/preview-context (server rule-routes.ts): the variables a template may use. */
interface PreviewContext {
  variables: string[];
}

/** `{{ request.id }}`: a variable as a template writes it. */
export const tag = (variable: string) => `{{ ${variable} }}`;

/** The few variables offered as chips, when the event's objects have them. */
const quick = (name: string) => [`${name}.id`, `${name}.status`, 'account.name', 'event.name', 'rule.name'];

/**
 * The variables the server lists for the subscription's event (the paths of a recent object, the account, the rule and
 * the event): the common ones as chips, all of them in a searchable list; choosing one inserts it where the cursor is.
 */
export function VariablePicker({
  subscriptionId,
  event,
  onInsert,
}: {
  subscriptionId: string;
  event: Pick<NotificationEvent, 'variable'> | undefined;
  onInsert: (text: string) => void;
}) {
  const context = useGet<PreviewContext>(previewContextApiPath(subscriptionId));
  const [input, setInput] = useState('');
  const variables = context.data?.variables ?? [];
  const chips = event ? quick(event.variable).filter((v) => variables.includes(v)) : [];

  return (
    <Stack spacing={1}>
      <Autocomplete
        size="small"
        options={variables}
        value={null}
        inputValue={input}
        onInputChange={(_, v, reason) => setInput(reason === 'reset' ? '' : v)}
        onChange={(_, v) => {
          if (v) onInsert(tag(v));
          setInput('');
        }}
        loading={context.isLoading}
        noOptionsText={context.isError ? 'The variables could not be read.' : 'No such variable.'}
        renderInput={(params) => (
          <TextField {...params} label="Insert a variable" helperText="Inserted where the cursor is." />
        )}
      />
      {chips.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {chips.map((v) => (
            <Chip
              key={v}
              size="small"
              variant="outlined"
              label={tag(v)}
              aria-label={`Insert ${tag(v)}`}
              onClick={() => onInsert(tag(v))}
              sx={{ fontFamily: 'monospace' }}
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}
