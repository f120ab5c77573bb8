import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDate } from '@trellis/domain/format/date';
import { formParameters } from '@trellis/domain/parameters/form-schema';
import { FORM_TYPE_LABELS, isAnswerField, type AgreementFormVersion } from '@trellis/domain/partners/form';
import { listAll } from '../../../api/list.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { FormPreview } from '../../../components/ParameterEditor/FormPreview.tsx';
import { formPath } from './data.ts';

/** GET /forms/{id}/versions, newest first; each version opens as the form partners filled then. */
export function FormVersionsTab({ formId }: { formId: string }) {
  const auth = useAuth();
  const hour12 = auth.user?.timeformat === '12h';
  const path = `${formPath(formId)}/versions`;
  // under 'list', so a save (which refetches lists) brings the new version in
  const versions = useQuery({
    queryKey: ['list', path, 'all'],
    queryFn: ({ signal }) => listAll<AgreementFormVersion>(path, 'ordering(-version)', signal),
  });
  const [open, setOpen] = useState<AgreementFormVersion | null>(null);
  const parameters = useMemo(() => formParameters(open?.schema), [open]);

  if (versions.isError) return <ErrorState error={versions.error} onRetry={() => void versions.refetch()} />;
  if (!versions.data) return <Skeleton height={120} />;
  return (
    <>
      <Table size="small" aria-label="Versions">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, width: 90 }}>Version</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Name</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Type</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Questions</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Saved</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.data.map((v) => {
            const saved = v.events.created;
            return (
              <TableRow key={v.version}>
                <TableCell>{v.version}</TableCell>
                <TableCell>{v.name}</TableCell>
                <TableCell>{FORM_TYPE_LABELS[v.type]}</TableCell>
                <TableCell>{v.schema.fields.filter(isAnswerField).length}</TableCell>
                <TableCell>
                  {formatDate(saved?.at, { hour12 })}
                  {saved?.by?.name && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {saved.by.name}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => setOpen(v)}>
                    View version {v.version}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <FormPreview
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${open.name}, version ${open.version}` : ''}
        parameters={parameters}
      />
    </>
  );
}
