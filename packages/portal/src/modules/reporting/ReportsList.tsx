import type { ReactNode } from 'react';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { formatBytes } from '@trellis/domain/format/bytes';
import { formatDate } from '@trellis/domain/format/date';
import { formatDuration } from '@trellis/domain/format/duration';
import { reportResource, type Report } from '@trellis/domain/reporting/report';
import { useHour12 } from '../../app/session/useViewer.ts';
import { actorName } from '../../components/display/actor.ts';
import { ResourceTable, type Column } from '../../components/ResourceTable/ResourceTable.tsx';
import { ReportStatusChip } from './ReportStatus.tsx';
import { reportPagePath } from './paths.ts';
import { runTimeMs } from './reportProgress.ts';
import { usePollReports } from './usePollReports.ts';

export interface ReportsListProps {
  /** Fixed filters (a schedule's reports). */
  base?: (q: RqlBuilder) => RqlBuilder;
  stateKey?: string;
  toolbar?: ReactNode;
}

/**
 * The account's reports, newest first: name, template, status with a running one's progress, size, how long it ran,
 * when and by whom it was made. Refreshed while one is still being made.
 */
export function ReportsList({ base, stateKey, toolbar }: ReportsListProps) {
  const hour12 = useHour12();
  usePollReports(reportResource.path);
  const columns: Column<Report>[] = [
    { field: 'name', label: 'Name' },
    { field: 'template.name', label: 'Template', render: (r) => r.template.name },
    { field: 'status', label: 'Status', render: (r) => <ReportStatusChip report={r} /> },
    { field: 'report_size', label: 'Size', sortable: false, render: (r) => formatBytes(r.report_size) },
    {
      field: 'duration',
      label: 'Duration',
      sortable: false,
      render: (r) => {
        const ms = runTimeMs(r);
        return ms === null ? '' : formatDuration(ms);
      },
    },
    {
      field: 'events.created.at',
      label: 'Created',
      render: (r) => formatDate(r.events.created?.at, { hour12 }),
    },
    {
      field: 'events.created.by',
      label: 'Created by',
      sortable: false,
      render: (r) => actorName(r.events.created?.by),
    },
  ];
  return (
    <ResourceTable<Report>
      resource={reportResource}
      noun="reports"
      columns={columns}
      base={base}
      stateKey={stateKey}
      rowLink={(r) => reportPagePath(r.id)}
      toolbar={toolbar}
    />
  );
}
