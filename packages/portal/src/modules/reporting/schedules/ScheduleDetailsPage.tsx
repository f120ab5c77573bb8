import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { cronOf, reportScheduleResource, type ReportSchedule } from '@trellis/domain/reporting/schedule';
import { notify, useNotice, type NoticeState } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceDetail, type DetailItem } from '../../../components/ResourceDetail.tsx';
import { ParameterValues } from '../parameters/ParameterValues.tsx';
import { ReportsList } from '../ReportsList.tsx';
import { scheduleApiPath, schedulesPath } from '../paths.ts';
import { CronSummary } from './CronSummary.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';

/**
 * One report schedule: its template, format and parameters, when it runs (in words, with the next five runs), the
 * reports it made; its owner edits it, enables or disables it, runs it now and deletes it.
 */
export default function ScheduleDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<ReportSchedule | null>(null);
  const canWrite = allows(auth.permissions, reportScheduleResource.module);
  useNotice(id);

  const extra = (s: ReportSchedule): DetailItem[] => [
    { label: 'Runs', value: <CronSummary expr={cronOf(s.trigger)} /> },
    ...(s.notes ? [{ label: 'Notes', value: s.notes }] : []),
  ];

  return (
    <>
      <ResourceDetail<ReportSchedule>
        resource={reportScheduleResource}
        path={scheduleApiPath(id)}
        extra={extra}
        details={{ after: (s) => <ParameterValues templateId={s.template.id} values={s.parameters} /> }}
        tabs={[
          {
            id: 'reports',
            label: 'Reports',
            render: (s) => (
              <ReportsList stateKey={`schedule-reports-${s.id}`} base={(q) => q.eq('schedule.id', s.id)} />
            ),
          },
        ]}
        buttons={(s) =>
          canWrite && (
            <Button variant="outlined" size="small" onClick={() => setEditing(s)}>
              Edit
            </Button>
          )
        }
        onDeleted={(s) =>
          navigate(schedulesPath(), {
            state: {
              notice: { severity: 'success', content: `Schedule ${s.name} was deleted; it makes no more reports.` },
            } satisfies NoticeState,
          })
        }
      />
      <ScheduleDialog
        open={!!editing}
        schedule={editing}
        onClose={() => setEditing(null)}
        onSaved={(s) => {
          setEditing(null);
          notify('success', `Schedule ${s.name} is saved.`);
        }}
      />
    </>
  );
}
