import Link from '@mui/material/Link';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usageFileResource, type UsageFile, type UsageFileStatus } from '@trellis/domain/usage/file';
import { useGet } from '../../api/hooks.ts';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { useNotice, type NoticeState } from '../../app/notices.ts';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceDetail, type DetailTab } from '../../components/ResourceDetail.tsx';
import { fileApi, filePage, isBusy, POLL_MS } from './data.ts';
import { ChunksTab } from './file/ChunksTab.tsx';
import { ErrorsTab } from './file/ErrorsTab.tsx';
import { FilePanel } from './file/FilePanel.tsx';
import { ItemTotals } from './file/ItemTotals.tsx';
import { RecordsTab } from './file/RecordsTab.tsx';
import { ReconciliationTab } from './reconciliation/ReconciliationTab.tsx';

/** An accepted file is split into chunks and reconciled by the provider; both stay readable once it is closed. */
const BILLED: readonly UsageFileStatus[] = ['accepted', 'closed'];

/**
 * One usage file: the machine's actions, its Overview (the upload and the live processing of its spreadsheet, the
 * outcome, usage per item, the declared fields), its records, the errors of an invalid file, and once accepted its
 * chunks and reconciliation.
 */
export default function UsageFileDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const path = fileApi(id);
  const list = pathTo('usages', { tab: 'all' });
  useNotice(id);
  usePageChrome({ backRoute: list }, []);
  // the server works on the spreadsheet: ask again every second until it is done
  const query = useGet<UsageFile>(path, { refetchInterval: (q) => (isBusy(q.state.data) ? POLL_MS : false) });
  const file = query.data;

  // a spreadsheet this page watched turn out invalid: show its errors
  const seen = useRef<UsageFileStatus | undefined>(undefined);
  useEffect(() => {
    const was = seen.current;
    seen.current = file?.status;
    if (file?.status === 'invalid' && was && isBusy({ status: was }))
      navigate(`${filePage(id)}?tab=errors`, { replace: true });
  }, [file?.status, id, navigate]);

  const tabs: DetailTab<UsageFile>[] = [
    {
      id: 'records',
      label: 'Records',
      render: (f) => <RecordsTab file={f} provider={auth.account.id === f.provider.id} />,
    },
    ...(file?.status === 'invalid'
      ? [{ id: 'errors', label: 'Errors', render: (f: UsageFile) => <ErrorsTab file={f} /> }]
      : []),
    ...(file && BILLED.includes(file.status)
      ? [
          { id: 'chunks', label: 'Chunks', render: (f: UsageFile) => <ChunksTab file={f} /> },
          { id: 'reconciliation', label: 'Reconciliation', render: (f: UsageFile) => <ReconciliationTab file={f} /> },
        ]
      : []),
  ];

  return (
    <ResourceDetail<UsageFile>
      resource={usageFileResource}
      path={path}
      title={(f) => f.name}
      details={{
        label: 'Overview',
        before: (f) => (
          <>
            <FilePanel file={f} />
            <ItemTotals file={f} />
          </>
        ),
      }}
      render={{
        // the spreadsheet as uploaded (its size is the declared field after it)
        file_name: (f) =>
          f.usage_file_uri ? (
            <Link href={f.usage_file_uri} download>
              {f.file_name}
            </Link>
          ) : (
            f.file_name
          ),
      }}
      tabs={tabs}
      onActionDone={(action, f) => {
        if (action !== 'delete') return;
        navigate(list, {
          state: { notice: { severity: 'success', content: `Usage file ${f.id} was deleted.` } } satisfies NoticeState,
        });
      }}
    />
  );
}
