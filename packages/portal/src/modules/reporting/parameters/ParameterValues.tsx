import Typography from '@mui/material/Typography';
import type { ReportTemplate } from '@trellis/domain/reporting/template';
import { useGet } from '../../../api/hooks.ts';
import { FieldList } from '../../../components/FieldList.tsx';
import { templateApiPath } from '../paths.ts';
import { parameterRows } from './describeParameters.ts';

/** The parameter values a report ran (or a schedule runs) with, named as the template declares them. */
export function ParameterValues({
  templateId,
  values,
}: {
  templateId: string;
  values: Record<string, unknown> | null;
}) {
  const template = useGet<ReportTemplate>(templateApiPath(templateId));
  const rows = parameterRows(template.data?.parameters ?? [], values);
  return (
    <section aria-label="Parameters">
      <Typography component="h2" variant="subtitle2" sx={{ mt: 3, mb: 1.5, color: 'text.secondary' }}>
        Parameters
      </Typography>
      {rows.length ? (
        <FieldList items={rows} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {template.isPending ? 'Loading…' : 'None.'}
        </Typography>
      )}
    </section>
  );
}
