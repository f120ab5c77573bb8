import { formatDate } from '@trellis/domain/format/date';
import { reportScheduleResource, scheduleMachine, type ReportSchedule } from '@trellis/domain/reporting/schedule';
import { useHour12 } from '../../../app/session/useViewer.ts';
import { ActionBar } from '../../../components/actions/ActionBar.tsx';
import { ResourceTable, type Column } from '../../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { scheduleApiPath, schedulePagePath } from '../paths.ts';
import { TriggerText } from './TriggerText.tsx';

/** The account's report schedules: template, when each runs, status, next and last run; enable, disable, run now. */
export function SchedulesList() {
  const hour12 = useHour12();
  const columns: Column<ReportSchedule>[] = [
    { field: 'name', label: 'Name' },
    { field: 'template.name', label: 'Template', render: (s) => s.template.name },
    { field: 'trigger', label: 'Runs', sortable: false, render: (s) => <TriggerText trigger={s.trigger} /> },
    { field: 'status', label: 'Status', render: (s) => <StatusChip status={s.status} machine={scheduleMachine} /> },
    {
      field: 'events.next_execution.at',
      label: 'Next run',
      sortable: false,
      render: (s) => formatDate(s.events.next_execution?.at, { hour12 }),
    },
    {
      field: 'events.last_execution.at',
      label: 'Last run',
      sortable: false,
      render: (s) => formatDate(s.events.last_execution?.at, { hour12 }),
    },
  ];
  return (
    <ResourceTable<ReportSchedule>
      resource={reportScheduleResource}
      noun="schedules"
      columns={columns}
      rowLink={(s) => schedulePagePath(s.id)}
      rowActions={(s) => <ActionBar resource={reportScheduleResource} obj={s} path={scheduleApiPath(s.id)} />}
    />
  );
}
