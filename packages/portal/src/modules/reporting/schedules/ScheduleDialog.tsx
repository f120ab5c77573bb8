import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { reportScheduleResource, type ReportSchedule } from '@trellis/domain/reporting/schedule';
import type { ReportTemplate } from '@trellis/domain/reporting/template';
import { errorMessage } from '../../../api/errors.ts';
import { useGet } from '../../../api/hooks.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { useActiveMembers } from '../../../components/AssignUserDialog.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { NamedPicker } from '../../../components/NamedPicker.tsx';
import { RunFields } from '../RunFields.tsx';
import { scheduleApiPath, templateApiPath } from '../paths.ts';
import { placeRunErrors, resolverOf, type RunForm } from '../runForm.ts';
import { useEnabledTemplates } from '../useTemplates.ts';
import { TriggerField } from './TriggerField.tsx';
import {
  newScheduleValues,
  scheduleBody,
  scheduleFormSchema,
  scheduleValues,
  type ScheduleForm,
} from './scheduleForm.ts';

export interface ScheduleDialogProps {
  open: boolean;
  /** The schedule to change; none: a new one. */
  schedule?: ReportSchedule | null;
  onClose: () => void;
  onSaved: (schedule: ReportSchedule) => void;
}

/**
 * Add or edit a report schedule: the template and its parameters, the format, when it runs, and the account's users
 * mailed a link to each run's report.
 */
export function ScheduleDialog({ open, schedule, onClose, onSaved }: ScheduleDialogProps) {
  const editing = !!schedule;
  const templates = useEnabledTemplates(open && !editing);
  // an edited schedule's template, even if it is disabled now
  const own = useGet<ReportTemplate>(schedule ? templateApiPath(schedule.template.id) : null, { enabled: open });
  const members = useActiveMembers(open);
  const [error, setError] = useState<string | null>(null);
  const picked = useRef<ReportTemplate | undefined>(undefined);
  const form = useForm<ScheduleForm>({
    defaultValues: newScheduleValues(),
    resolver: resolverOf<ScheduleForm>(picked, scheduleFormSchema),
  });
  const templateId = form.watch('template_id');
  const template = editing ? own.data : templates.data?.find((t) => t.id === templateId);
  picked.current = template;
  const path = schedule ? scheduleApiPath(schedule.id) : reportScheduleResource.path;
  const save = useWrite<ReportSchedule, ReturnType<typeof scheduleBody>>(
    { method: editing ? 'PUT' : 'POST', path },
    { objects: editing ? [path] : [], lists: [reportScheduleResource.path] },
  );
  const ready = !editing || !!own.data;
  useEffect(() => {
    if (!open || !ready) return;
    setError(null);
    form.reset(schedule ? scheduleValues(schedule, own.data) : newScheduleValues());
  }, [open, ready, schedule, own.data, form]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onSaved(await save.mutateAsync(scheduleBody(values, template, editing)));
    } catch (err) {
      setError(placeRunErrors<ScheduleForm>(err, (f, e) => form.setError(f, { type: 'server', ...e }), ['recipients']));
    }
  });
  const triggerErrors = (form.formState.errors.trigger ?? {}) as Record<string, { message?: string } | undefined>;

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit schedule' : 'Add schedule'}
      submitLabel={editing ? 'Save' : 'Add'}
      onClose={onClose}
      onSubmit={submit}
      busy={form.formState.isSubmitting}
      submitDisabled={!template}
      error={error ?? (templates.isError ? errorMessage(templates.error) : null)}
      maxWidth="md"
    >
      <RunFields
        form={form as unknown as UseFormReturn<RunForm>}
        templates={editing ? [] : (templates.data ?? [])}
        template={template}
        fixedTemplate={editing}
        loading={editing ? own.isPending : templates.isPending}
      />
      {template && (
        <Controller
          control={form.control}
          name="trigger"
          render={({ field }) => (
            <TriggerField
              value={field.value}
              onChange={field.onChange}
              errors={Object.fromEntries(Object.entries(triggerErrors).map(([k, e]) => [k, e?.message]))}
            />
          )}
        />
      )}
      {template && (
        <Controller
          control={form.control}
          name="recipients"
          render={({ field, fieldState }) => (
            <NamedPicker
              label="Recipients"
              value={field.value}
              onChange={field.onChange}
              options={(members.data ?? []).map((u) => ({ id: u.id, name: u.name }))}
              error={fieldState.error?.message}
              helperText="Users of the account mailed a link to each run's report once it has finished."
            />
          )}
        />
      )}
    </FormDialog>
  );
}
