import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { reportResource } from '@trellis/domain/reporting/report';
import type { NoticeState } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { TabbedListPage } from '../../components/TabbedListPage.tsx';
import { ReportsList } from './ReportsList.tsx';
import { RunReportDialog } from './RunReportDialog.tsx';
import { ScheduleDialog } from './schedules/ScheduleDialog.tsx';
import { SchedulesList } from './schedules/SchedulesList.tsx';
import { reportPagePath, schedulePagePath } from './paths.ts';

/** Reports: the account's reports, where one is run; and its schedules, where one is added. */
export default function ReportsPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [running, setRunning] = useState(false);
  const [adding, setAdding] = useState(false);
  const canWrite = allows(auth.permissions, reportResource.module);
  return (
    <TabbedListPage
      route="reports"
      tabs={{
        history: {
          actions: canWrite ? (
            <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={() => setRunning(true)}>
              Run report
            </Button>
          ) : undefined,
          content: (
            <>
              <ReportsList />
              <RunReportDialog
                open={running}
                onClose={() => setRunning(false)}
                onStarted={(r) => {
                  setRunning(false);
                  navigate(reportPagePath(r.id), {
                    state: {
                      notice: { severity: 'success', content: `${r.name} is queued; this page follows its progress.` },
                    } satisfies NoticeState,
                  });
                }}
              />
            </>
          ),
        },
        schedules: {
          actions: canWrite ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add schedule
            </Button>
          ) : undefined,
          content: (
            <>
              <SchedulesList />
              <ScheduleDialog
                open={adding}
                onClose={() => setAdding(false)}
                onSaved={(s) => {
                  setAdding(false);
                  navigate(schedulePagePath(s.id), {
                    state: {
                      notice: { severity: 'success', content: `Schedule ${s.name} is added and enabled.` },
                    } satisfies NoticeState,
                  });
                }}
              />
            </>
          ),
        },
      }}
    />
  );
}
