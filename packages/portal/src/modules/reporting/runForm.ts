import { zodResolver } from '@hookform/resolvers/zod';
import type { Path, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { ReportCreate } from '@trellis/domain/reporting/report';
import type { RendererId, ReportTemplate } from '@trellis/domain/reporting/template';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { parameterProblems, parametersBody, type ParameterInputs } from './parameters/parameterInputs.ts';

// What a run of a template needs, as the Run report and schedule forms hold it: the template, a name, the format and
// the parameter values. The domain's ReportCreate and checkParameters check it, so the form shows the server's
// messages, each on its field.

export interface RunForm {
  template_id: string;
  name: string;
  description: string;
  renderer: RendererId | '';
  parameters: ParameterInputs;
}

export const newRunValues = (): RunForm => ({
  template_id: '',
  name: '',
  description: '',
  renderer: '',
  parameters: {},
});

/** The run part of the POST body. */
export function runBody(v: RunForm, template: ReportTemplate | undefined) {
  return {
    name: v.name.trim(),
    ...(v.description.trim() && { description: v.description.trim() }),
    template: { id: v.template_id },
    ...(v.renderer && { renderer: v.renderer }),
    parameters: template ? parametersBody(template.parameters, v.parameters) : {},
  };
}

export type Issue = { path: (string | number)[]; message: string };

/** What is wrong with the run part, on the form's paths (`parameters.<id>` for a parameter). */
export function runIssues(v: RunForm, template: ReportTemplate | undefined): Issue[] {
  if (!v.template_id) return [{ path: ['template_id'], message: REQUIRED }];
  const parsed = ReportCreate.safeParse(runBody(v, template));
  const out: Issue[] = parsed.success
    ? []
    : parsed.error.issues
        .filter((i) => i.path[0] === 'name' || i.path[0] === 'description' || i.path[0] === 'renderer')
        .map((i) => ({ path: [String(i.path[0])], message: i.message }));
  if (template)
    for (const [id, message] of Object.entries(parameterProblems(template.parameters, v.parameters)))
      out.push({ path: ['parameters', id], message });
  return out;
}

export const runFormShape = {
  template_id: z.string(),
  name: z.string(),
  description: z.string(),
  renderer: z.string(),
  parameters: z.record(z.string(), z.any()),
};

/** The Run report form's schema, for the template picked. */
export const runFormSchema = (template: ReportTemplate | undefined) =>
  z.object(runFormShape).superRefine((v, ctx) => {
    for (const issue of runIssues(v as RunForm, template)) ctx.addIssue({ code: 'custom', ...issue });
  });

/** The form field a key of the server's 400 names, or null. */
export function runServerField(key: string): string | null {
  if (key === 'template' || key === 'template.id') return 'template_id';
  if (['name', 'description', 'renderer'].includes(key) || /^trigger\.\w+$/.test(key)) return key;
  const m = /^parameters\.([^.]+)/.exec(key);
  return m ? `parameters.${m[1]}` : null;
}

/**
 * Puts the messages of a 400 on the fields they name (`own`: the form's fields beyond the run's, named alike);
 * returns the message for the rest, or null.
 */
export function placeRunErrors<F extends RunForm>(
  err: unknown,
  setError: (f: Path<F>, e: { message: string }) => void,
  own: readonly string[] = [],
) {
  const byField = err instanceof ApiError ? err.fieldErrors : {};
  let unplaced = Object.keys(byField).length === 0;
  for (const [key, messages] of Object.entries(byField)) {
    const field = own.includes(key) ? key : runServerField(key);
    if (field && messages[0]) setError(field as Path<F>, { message: messages[0] });
    else unplaced = true;
  }
  return unplaced ? errorMessage(err) : null;
}

/** The form's schema follows the template picked (its parameters). */
export function resolverOf<F extends RunForm>(picked: { current: ReportTemplate | undefined }, schema = runFormSchema) {
  return ((values, ctx, opts) => zodResolver(schema(picked.current))(values, ctx, opts as never)) as Resolver<F>;
}
