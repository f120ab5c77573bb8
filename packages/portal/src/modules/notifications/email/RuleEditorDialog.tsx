import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { notificationEventById } from '@trellis/domain/notifications/notification-event';
import type { NotificationRule } from '@trellis/domain/notifications/rule';
import type { AccountNotification } from '@trellis/domain/notifications/subscription';
import { useWrite } from '../../../api/useWrite.ts';
import { RecipientsFields } from './RecipientsFields.tsx';
import { RulePreview } from './RulePreview.tsx';
import { TemplateFields } from './TemplateFields.tsx';
import { ruleApiPath, rulesApiPath } from './paths.ts';
import {
  newRuleValues,
  placeRuleErrors,
  previewTemplate,
  ruleBody,
  ruleFormSchema,
  ruleValues,
  type RuleBody,
  type RuleForm,
} from './ruleForm.ts';

export interface RuleEditorDialogProps {
  open: boolean;
  subscription: AccountNotification;
  /** The rule to change; none: a new one. */
  rule: NotificationRule | null;
  onClose: () => void;
  /** `created`: the rule was new (the editor may stay open on it). */
  onSaved: (rule: NotificationRule, created: boolean) => void;
}

const resolver = zodResolver(ruleFormSchema);

/**
 * Add or edit a notification rule of a subscription: its name, the condition on the event's object, whom it mails and
 * the template, with the server's rendering of the template beside it as it is typed and a test mail to the user.
 */
export function RuleEditorDialog({ open, subscription: s, rule, onClose, onSaved }: RuleEditorDialogProps) {
  const editing = !!rule;
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const list = rulesApiPath(s.id);
  const path = rule ? ruleApiPath(s.id, rule.id) : list;
  const save = useWrite<NotificationRule, RuleBody>(
    { method: editing ? 'PUT' : 'POST', path },
    { objects: editing ? [path] : [], lists: [list] },
  );
  const form = useForm<RuleForm>({ resolver, defaultValues: newRuleValues() });
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (!open) setCreated(false);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    setError(null);
    reset(rule ? ruleValues(rule) : newRuleValues());
  }, [open, rule, reset]);

  const event = notificationEventById(s.event.id);
  const template = previewTemplate(watch('subject'), watch('body'));
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await save.mutateAsync(ruleBody(values));
      setCreated(!editing);
      onSaved(saved, !editing);
    } catch (err) {
      setError(placeRuleErrors(err, form.setError));
    }
  });
  const title = editing ? `Edit rule ${rule.name}` : 'Add rule';
  const busy = isSubmitting;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="rule-editor-title"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="rule-editor-title">{title}</DialogTitle>
      <DialogContent>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
            alignItems: 'start',
            pt: 1,
          }}
        >
          <Stack spacing={2}>
            {created && (
              <Alert severity="success" onClose={() => setCreated(false)}>
                The rule is added. Its preview is beside the form; Send test mails it to you.
              </Alert>
            )}
            {error && (
              <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
                {error}
              </Alert>
            )}
            <TextField
              label="Name"
              required
              autoFocus
              fullWidth
              {...register('name')}
              error={!!errors.name}
              helperText={errors.name?.message}
            />
            <TextField
              label="Event"
              fullWidth
              value={s.event.name}
              slotProps={{ input: { readOnly: true } }}
              helperText={
                event && `${event.description} Objects: ${event.object_class}; on ${event.actions.join(', ')}.`
              }
            />
            <TextField
              label="Condition"
              fullWidth
              placeholder="eq(asset.product.id,PRD-123-456-789)"
              {...register('condition')}
              error={!!errors.condition}
              helperText={
                errors.condition?.message ??
                `An RQL filter over the ${event?.variable ?? 'object'}; empty: always. E.g. eq(status,pending).`
              }
              slotProps={{ htmlInput: { sx: { fontFamily: 'monospace' } } }}
            />
            <RecipientsFields control={control} errors={errors} />
            <TemplateFields form={form} errors={errors} subscriptionId={s.id} event={event} />
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => (
                <FormControlLabel
                  label="Enabled"
                  control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                />
              )}
            />
          </Stack>
          <Box sx={{ position: { md: 'sticky' }, top: 0 }}>
            <RulePreview subscriptionId={s.id} ruleId={rule?.id ?? null} template={template} />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {editing ? 'Close' : 'Cancel'}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {editing ? 'Save' : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
