import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { reportResource, type Report } from '@trellis/domain/reporting/report';
import type { ReportTemplate } from '@trellis/domain/reporting/template';
import { errorMessage } from '../../api/errors.ts';
import { useWrite } from '../../api/useWrite.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { RunFields } from './RunFields.tsx';
import { newRunValues, placeRunErrors, resolverOf, runBody, type RunForm } from './runForm.ts';
import { useEnabledTemplates } from './useTemplates.ts';

export interface RunReportDialogProps {
  open: boolean;
  onClose: () => void;
  onStarted: (report: Report) => void;
}

/** Run report: an enabled template, then its name, format and the form generated from its parameters. */
export function RunReportDialog({ open, onClose, onStarted }: RunReportDialogProps) {
  const templates = useEnabledTemplates(open);
  const [error, setError] = useState<string | null>(null);
  const picked = useRef<ReportTemplate | undefined>(undefined);
  const form = useForm<RunForm>({ defaultValues: newRunValues(), resolver: resolverOf(picked) });
  const templateId = form.watch('template_id');
  const template = templates.data?.find((t) => t.id === templateId);
  picked.current = template;
  const save = useWrite<Report, ReturnType<typeof runBody>>(
    { method: 'POST', path: reportResource.path },
    { lists: [reportResource.path] },
  );
  useEffect(() => {
    if (!open) return;
    setError(null);
    form.reset(newRunValues());
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onStarted(await save.mutateAsync(runBody(values, template)));
    } catch (err) {
      setError(placeRunErrors<RunForm>(err, (f, e) => form.setError(f, { type: 'server', ...e })));
    }
  });

  return (
    <FormDialog
      open={open}
      title="Run report"
      submitLabel="Run"
      onClose={onClose}
      onSubmit={submit}
      busy={form.formState.isSubmitting}
      submitDisabled={!template}
      error={error ?? (templates.isError ? errorMessage(templates.error) : null)}
      maxWidth="md"
    >
      <RunFields form={form} templates={templates.data ?? []} template={template} loading={templates.isPending} />
    </FormDialog>
  );
}
