import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { RENDERER_LABELS, type ReportTemplate } from '@trellis/domain/reporting/template';
import Typography from '@mui/material/Typography';
import { ReportParameterField } from './parameters/ReportParameterField.tsx';
import { inputOf, inputsOf } from './parameters/parameterInputs.ts';
import type { RunForm } from './runForm.ts';

export interface RunFieldsProps {
  form: UseFormReturn<RunForm>;
  /** The templates offered (the enabled ones). */
  templates: readonly ReportTemplate[];
  /** The template picked, once it is. */
  template: ReportTemplate | undefined;
  /** The template cannot change (a schedule's). */
  fixedTemplate?: boolean;
  loading?: boolean;
}

/**
 * The fields of a run of a template: the template (one of the enabled ones), then, once it is picked, the name, the
 * format among the template's renderers and the form generated from its parameters.
 */
export function RunFields({ form, templates, template, fixedTemplate, loading }: RunFieldsProps) {
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors, isSubmitted },
  } = form;
  const pick = (id: string) => {
    const t = templates.find((x) => x.id === id);
    setValue('template_id', id, { shouldValidate: isSubmitted });
    if (!t) return;
    setValue('renderer', t.default_renderer);
    setValue('parameters', inputsOf(t.parameters));
    if (!getValues('name').trim()) setValue('name', t.name);
  };
  const options = template && !templates.some((t) => t.id === template.id) ? [template, ...templates] : templates;

  return (
    <>
      <Controller
        control={control}
        name="template_id"
        render={({ field }) => (
          <TextField
            select
            label="Template"
            required
            fullWidth
            value={options.some((t) => t.id === field.value) ? field.value : ''}
            disabled={fixedTemplate || loading}
            onChange={(e) => pick(e.target.value)}
            error={!!errors.template_id}
            helperText={
              errors.template_id?.message ??
              (fixedTemplate ? 'A schedule keeps its template.' : (template?.description ?? 'Only enabled templates.'))
            }
          >
            {options.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {template && (
        <>
          <TextField
            label="Name"
            required
            fullWidth
            {...register('name')}
            error={!!errors.name}
            helperText={errors.name?.message}
          />
          <Controller
            control={control}
            name="renderer"
            render={({ field }) => (
              <TextField
                select
                label="Format"
                fullWidth
                value={field.value}
                onChange={field.onChange}
                error={!!errors.renderer}
                helperText={errors.renderer?.message}
              >
                {template.renderers.map((r) => (
                  <MenuItem key={r.id} value={r.id}>
                    {RENDERER_LABELS[r.id] ?? r.description}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {template.parameters.map((p) => (
            <Controller
              key={p.id}
              control={control}
              name={`parameters.${p.id}`}
              render={({ field, fieldState }) => (
                <ReportParameterField
                  parameter={p}
                  value={field.value ?? inputOf(p)}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
          {!template.parameters.length && (
            <Typography variant="body2" color="text.secondary">
              This template has no parameters.
            </Typography>
          )}
        </>
      )}
    </>
  );
}
