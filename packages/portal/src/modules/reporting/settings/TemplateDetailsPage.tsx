import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useParams } from 'react-router';
import { formatDuration } from '@trellis/domain/format/duration';
import { RENDERER_LABELS, reportTemplateResource, type ReportTemplate } from '@trellis/domain/reporting/template';
import { useNotice } from '../../../app/notices.ts';
import { ResourceDetail, type DetailItem } from '../../../components/ResourceDetail.tsx';
import { humanize } from '../../../components/ResourceTable/query.ts';
import { templateApiPath } from '../paths.ts';

const seconds = (s: number) => formatDuration(s * 1000);

/** What the account's runs of the template were like (its own runs only). */
const stats = (t: ReportTemplate): DetailItem[] => [
  { label: 'Formats', value: t.renderers.map((r) => RENDERER_LABELS[r.id] ?? r.description).join(', ') },
  { label: 'Runs', value: `${t.stats.total_executions} (${t.stats.monthly_executions} this month)` },
  { label: 'Succeeded / failed', value: `${t.stats.success} / ${t.stats.failure}` },
  ...(t.stats.total_executions ? [{ label: 'Average run time', value: seconds(t.stats.runtime_avg) }] : []),
];

function ParametersTable({ template: t }: { template: ReportTemplate }) {
  if (!t.parameters.length) return <>This template has no parameters.</>;
  return (
    <Table size="small" aria-label="Parameters">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>Description</TableCell>
          <TableCell>Choices</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {t.parameters.map((p) => (
          <TableRow key={p.id}>
            <TableCell>
              {p.name} {p.required && <Chip size="small" variant="outlined" label="Required" />}
            </TableCell>
            <TableCell>{humanize(p.type)}</TableCell>
            <TableCell>{p.description}</TableCell>
            <TableCell>{(p.choices ?? []).map((c) => c.label).join(', ')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One report template: what it makes, its parameters and formats, the account's runs; enable / disable by its owner. */
export default function TemplateDetailsPage() {
  const { id = '' } = useParams();
  useNotice(id);
  return (
    <ResourceDetail<ReportTemplate>
      resource={reportTemplateResource}
      path={templateApiPath(id)}
      extra={stats}
      tabs={[{ id: 'parameters', label: 'Parameters', render: (t) => <ParametersTable template={t} /> }]}
    />
  );
}
