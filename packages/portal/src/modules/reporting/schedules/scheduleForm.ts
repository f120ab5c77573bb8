import { z } from 'zod';
import type { ReportSchedule } from '@trellis/domain/reporting/schedule';
import type { ReportTemplate } from '@trellis/domain/reporting/template';
import type { Named } from '../../../components/NamedPicker.tsx';
import { inputsOf } from '../parameters/parameterInputs.ts';
import { newRunValues, runBody, runFormShape, runIssues, type RunForm } from '../runForm.ts';
import { newTriggerInput, triggerBody, triggerInputOf, triggerIssues, type TriggerInput } from './triggerInput.ts';

// The add / edit form of a report schedule: a run of a template (runForm.ts) and its trigger. The POST body names the
// template; the PUT body does not (a schedule keeps its template). Its recipients, users of the account, keep their
// names for the picker; the body names them by id (a new schedule without any leaves them out).

export interface ScheduleForm extends RunForm {
  trigger: TriggerInput;
  recipients: Named[];
}

export const newScheduleValues = (): ScheduleForm => ({
  ...newRunValues(),
  trigger: newTriggerInput(),
  recipients: [],
});

export const scheduleValues = (s: ReportSchedule, template: ReportTemplate | undefined): ScheduleForm => ({
  template_id: s.template.id,
  name: s.name,
  description: s.description ?? '',
  renderer: s.renderer,
  parameters: inputsOf(template?.parameters ?? [], s.parameters),
  trigger: triggerInputOf(s.trigger),
  recipients: (s.recipients ?? []).map((r) => ({ id: r.id, name: r.name })),
});

export function scheduleBody(v: ScheduleForm, template: ReportTemplate | undefined, editing: boolean) {
  const { template: t, ...run } = runBody(v, template);
  const recipients = v.recipients.map((r) => ({ id: r.id }));
  return {
    ...run,
    ...(!editing && { template: t }),
    trigger: triggerBody(v.trigger),
    ...((editing || recipients.length > 0) && { recipients }),
  };
}

export const scheduleFormSchema = (template: ReportTemplate | undefined) =>
  z.object({ ...runFormShape, trigger: z.any(), recipients: z.array(z.any()) }).superRefine((v, ctx) => {
    const form = v as ScheduleForm;
    for (const issue of [...runIssues(form, template), ...triggerIssues(form.trigger)])
      ctx.addIssue({ code: 'custom', ...issue });
  });
