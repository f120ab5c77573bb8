import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ConversationMessage } from '@trellis/domain/helpdesk/conversation';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { MarkdownEditor } from '../../../components/markdown/MarkdownEditor.tsx';
import { EditForm, MESSAGE_HELP, MESSAGE_ROWS } from './form.ts';
import { MentionPicker } from './MentionPicker.tsx';

export interface EditMessageDialogProps {
  /** The message being edited; none: closed. */
  message: ConversationMessage | null;
  onClose: () => void;
  /** Saves the new text (PUT); resolves once the thread shows it. */
  onSave: (message: ConversationMessage, text: string) => Promise<void>;
  /** The thread: its authors are offered to mention. */
  messages?: readonly ConversationMessage[];
}

const NONE: readonly ConversationMessage[] = [];

/** One's own message's text, with the preview both parties will read. */
export function EditMessageDialog({ message, onClose, onSave, messages = NONE }: EditMessageDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EditForm>({ resolver: zodResolver(EditForm), defaultValues: { text: '' } });
  const {
    control,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (!message) return;
    setError(null);
    reset({ text: message.text });
  }, [message, reset]);

  const submit = handleSubmit(async ({ text }) => {
    setError(null);
    try {
      await onSave(message!, text);
      onClose();
    } catch (err) {
      setError(applyServerErrors(err, ['text'], setFieldError));
    }
  });

  return (
    <FormDialog
      open={!!message}
      title="Edit message"
      submitLabel="Save"
      onClose={onClose}
      onSubmit={submit}
      busy={isSubmitting}
      error={error}
      maxWidth="md"
    >
      <Controller
        control={control}
        name="text"
        render={({ field }) => (
          <MentionPicker
            value={field.value}
            onChange={field.onChange}
            messages={messages}
            ownOnly={message?.type === 'private'}
          >
            <MarkdownEditor
              label="Message (Markdown)"
              helperText={MESSAGE_HELP}
              minRows={MESSAGE_ROWS + 2}
              value={field.value}
              onChange={field.onChange}
              error={errors.text?.message}
            />
          </MentionPicker>
        )}
      />
    </FormDialog>
  );
}
