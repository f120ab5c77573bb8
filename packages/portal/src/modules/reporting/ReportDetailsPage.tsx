import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Link from '@mui/material/Link';
import { POLLING_INTERVAL_MS } from '@trellis/domain/format/constants';
import { formatDuration } from '@trellis/domain/format/duration';
import { reportResource, type Report } from '@trellis/domain/reporting/report';
import { useGet } from '../../api/hooks.ts';
import { useNotice, type NoticeState } from '../../app/notices.ts';
import { actorName } from '../../components/display/actor.ts';
import { ResourceDetail, type DetailItem } from '../../components/ResourceDetail.tsx';
import { ParameterValues } from './parameters/ParameterValues.tsx';
import { ReportProgressBar, ReportStatusChip } from './ReportStatus.tsx';
import { reportApiPath, reportDownloadUrl, reportsPath, schedulePagePath } from './paths.ts';
import { inProgress, runTimeMs } from './reportProgress.ts';

/**
 * One report: what it was made of and with which parameters; while it is pending or running a progress bar, refreshed
 * by polling; why it failed; its file to download once it succeeded.
 */
export default function ReportDetailsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const path = reportApiPath(id);
  // the page's object, polled while the report is being made (the details below read the same query)
  useGet<Report>(path, { refetchInterval: (q) => (inProgress(q.state.data) ? POLLING_INTERVAL_MS : false) });
  useNotice(id);

  const extra = (r: Report): DetailItem[] => {
    const ms = runTimeMs(r);
    return [
      ...(ms !== null ? [{ label: 'Duration', value: formatDuration(ms) }] : []),
      { label: 'Created by', value: actorName(r.events.created?.by) },
      ...(r.schedule
        ? [
            {
              label: 'Schedule',
              value: (
                <Link component={RouterLink} to={schedulePagePath(r.schedule.id)}>
                  {r.schedule.name}
                </Link>
              ),
            },
          ]
        : []),
    ];
  };

  return (
    <ResourceDetail<Report>
      resource={reportResource}
      path={path}
      titleChip={(r) => <ReportStatusChip report={r} />}
      extra={extra}
      banner={(r) => (
        <>
          <ReportProgressBar report={r} />
          {r.status === 'failed' && (
            <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
              {r.failure_output || 'The report failed.'}
            </Alert>
          )}
          {r.expired && (
            <Alert severity="info" sx={{ mb: 2 }}>
              The file of this report was deleted at the end of its retention period; run it again for a new one.
            </Alert>
          )}
        </>
      )}
      details={{ after: (r) => <ParameterValues templateId={r.template.id} values={r.parameters} /> }}
      buttons={(r) =>
        r.status === 'succeeded' &&
        !r.expired && (
          <Button
            variant="contained"
            size="small"
            startIcon={<FileDownloadIcon />}
            href={reportDownloadUrl(r.id)}
            download
          >
            Download
          </Button>
        )
      }
      onDeleted={(r) =>
        navigate(reportsPath(), {
          state: { notice: { severity: 'success', content: `Report ${r.name} was deleted.` } } satisfies NoticeState,
        })
      }
    />
  );
}
