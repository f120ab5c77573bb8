import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import type { NotificationEvent } from '@trellis/domain/notifications/notification-event';
import type { RuleForm } from './ruleForm.ts';
import { VariablePicker } from './VariablePicker.tsx';

type Target = 'subject' | 'body';

/**
 * A rule's template: the subject and the markdown body, both mustache (`{{ request.id }}`), with the event's variables
 * to insert into the one last focused (the body at first).
 */
export function TemplateFields({
  form,
  errors,
  subscriptionId,
  event,
}: {
  form: UseFormReturn<RuleForm>;
  errors: FieldErrors<RuleForm>;
  subscriptionId: string;
  event: NotificationEvent | undefined;
}) {
  const refs = useRef<Partial<Record<Target, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const target = useRef<Target>('body');
  const fieldProps = (name: Target) => {
    const { ref, ...rest } = form.register(name);
    return {
      ...rest,
      inputRef: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
        ref(el);
        refs.current[name] = el;
      },
      onFocus: () => {
        target.current = name;
      },
    };
  };

  const insert = (text: string) => {
    const name = target.current;
    const el = refs.current[name];
    const value = form.getValues(name);
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? start;
    form.setValue(name, value.slice(0, start) + text + value.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  return (
    <Stack spacing={2}>
      <TextField
        label="Subject"
        required
        fullWidth
        {...fieldProps('subject')}
        error={!!errors.subject}
        helperText={errors.subject?.message}
      />
      <VariablePicker subscriptionId={subscriptionId} event={event} onInsert={insert} />
      <TextField
        label="Body (Markdown)"
        required
        fullWidth
        multiline
        minRows={8}
        maxRows={20}
        {...fieldProps('body')}
        error={!!errors.body}
        helperText={
          errors.body?.message ?? 'Headings (#), lists (-), **bold** and links; variables as {{ request.id }}.'
        }
        slotProps={{ input: { sx: { fontFamily: 'monospace', fontSize: 13, alignItems: 'flex-start' } } }}
      />
    </Stack>
  );
}
