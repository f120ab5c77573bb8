import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { KeyboardEvent } from 'react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ConversationMessage } from '@trellis/domain/helpdesk/conversation';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { MarkdownEditor } from '../../../components/markdown/MarkdownEditor.tsx';
import type { MessageBody } from './data.ts';
import { MESSAGE_HELP, MESSAGE_ROWS, MessageForm } from './form.ts';
import { MentionPicker } from './MentionPicker.tsx';

export interface MessageComposerProps {
  /** Sends the message; resolves once the thread shows it. */
  onSend: (body: MessageBody) => Promise<void>;
  /** The thread so far: its authors are offered to mention. */
  messages?: readonly ConversationMessage[];
}

const NONE: readonly ConversationMessage[] = [];

/**
 * A new message in markdown with its preview, optionally private to one's own account, and Send. Typing `@` offers
 * people to mention (MentionPicker): the server e-mails each mentioned user of the parties.
 */
export function MessageComposer({ onSend, messages = NONE }: MessageComposerProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<MessageForm>({
    resolver: zodResolver(MessageForm),
    defaultValues: { text: '', private: false },
  });
  const {
    control,
    handleSubmit,
    reset,
    getValues,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = form;
  const isPrivate = useWatch({ control, name: 'private' });

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await onSend({ text: values.text, ...(values.private ? { type: 'private' as const } : {}) });
      // what was typed while it went stays
      if (getValues('text') === values.text) reset({ text: '', private: false });
    } catch (err) {
      // the text stays, to be fixed or sent again
      setError(applyServerErrors(err, ['text'], setFieldError));
    }
  });
  const sendOnCtrlEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !isSubmitting) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <Box component="form" noValidate aria-label="New message" onSubmit={submit} onKeyDown={sendOnCtrlEnter}>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 1.5, whiteSpace: 'pre-line' }}>
          {error}
        </Alert>
      )}
      <Controller
        control={control}
        name="text"
        render={({ field }) => (
          <MentionPicker value={field.value} onChange={field.onChange} messages={messages} ownOnly={isPrivate}>
            <MarkdownEditor
              label="Message (Markdown)"
              helperText={`${MESSAGE_HELP} Ctrl+Enter sends.`}
              minRows={MESSAGE_ROWS}
              value={field.value}
              onChange={field.onChange}
              error={errors.text?.message}
            />
          </MentionPicker>
        )}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Controller
          control={control}
          name="private"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Private: only our account reads it"
              sx={{ mr: 'auto' }}
            />
          )}
        />
        <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ ml: 'auto' }}>
          Send
        </Button>
      </Box>
    </Box>
  );
}
