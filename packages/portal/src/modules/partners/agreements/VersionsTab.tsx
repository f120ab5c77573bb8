import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { agreementVersionResource, type Agreement, type AgreementVersion } from '@trellis/domain/partners/agreement';
import { formatDate } from '@trellis/domain/format/date';
import { errorMessage } from '../../../api/errors.ts';
import { useGet } from '../../../api/hooks.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { useHour12 } from '../../../app/session/useViewer.ts';
import { ActionBar } from '../../../components/actions/ActionBar.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { DocumentView } from './document/DocumentView.tsx';
import { VersionEditor } from './VersionEditor.tsx';

/**
 * An agreement's version history: the versions with their status; the chosen one (`?version=`) below with its
 * document. The owner creates a draft (a copy of the latest document), edits or uploads its document, activates
 * it (the active one is superseded) or deletes it.
 */
export function VersionsTab({ agreement, own }: { agreement: Agreement; own: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const base = `/agreements/${agreement.id}/versions`;
  const show = (version?: number) =>
    `${location.pathname}?tab=versions${version === undefined ? '' : `&version=${version}`}`;
  const create = useWrite<AgreementVersion>(
    { method: 'POST', path: base },
    { notice: (v) => `Draft version ${v.version} was created from the latest document.` },
  );
  const chosen = Number(params.get('version')) || agreement.version?.version;

  return (
    <Stack spacing={3}>
      <ResourceTable<AgreementVersion & { id?: string }>
        key="versions"
        resource={agreementVersionResource}
        path={base}
        stateKey="agreement-versions"
        noun="versions"
        rowLink={(v) => show(v.version)}
        toolbar={
          own && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<AddIcon />}
              disabled={create.isPending}
              onClick={() =>
                create.mutateAsync().then(
                  (v) => navigate(show(v.version)),
                  (err) => notify('error', errorMessage(err)),
                )
              }
            >
              New draft
            </Button>
          )
        }
      />
      {chosen ? (
        <VersionPanel key={chosen} agreement={agreement} number={chosen} own={own} onGone={() => navigate(show())} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Choose a version above to read its document.
        </Typography>
      )}
    </Stack>
  );
}

function VersionPanel({
  agreement,
  number,
  own,
  onGone,
}: {
  agreement: Agreement;
  number: number;
  own: boolean;
  onGone: () => void;
}) {
  const client = useQueryClient();
  const hour12 = useHour12();
  const path = `/agreements/${agreement.id}/versions/${number}`;
  const query = useGet<AgreementVersion>(path);
  const [editing, setEditing] = useState(false);
  const v = query.data;
  if (query.isError) return <Typography color="error">{errorMessage(query.error)}</Typography>;
  if (!v) return <Skeleton variant="rounded" height={200} />;
  const draft = v.status === 'draft';

  return (
    <Box component="section" aria-label={`Version ${v.version}`} sx={{ borderTop: 1, borderColor: 'divider', pt: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography component="h2" variant="h6">
          Version {v.version}
        </Typography>
        <StatusChip status={v.status} machine={agreementVersionResource.machine} />
        <Box sx={{ flexGrow: 1 }} />
        {own && !editing && (
          <ActionBar
            resource={agreementVersionResource}
            obj={{ ...v, id: String(v.version) }}
            path={path}
            // activating changes the agreement (its active version) too
            onDone={() => void client.invalidateQueries({ queryKey: ['get', `/agreements/${agreement.id}`] })}
            onDeleted={onGone}
            deleteText={() => `Draft version ${v.version} and its document are deleted.`}
          >
            {draft && (
              <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
                Edit document
              </Button>
            )}
          </ActionBar>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {`By ${v.author.name}, ${formatDate(v.version_created, { hour12 })}`}
        {v.version_contracts > 0 && ` · ${v.version_contracts} contract${v.version_contracts === 1 ? '' : 's'}`}
      </Typography>
      {editing ? (
        <VersionEditor agreementId={agreement.id} version={v} onDone={() => setEditing(false)} />
      ) : (
        <DocumentView
          agreementId={agreement.id}
          version={v.version}
          document={v.document}
          title={`${agreement.title}, version ${v.version}`}
        />
      )}
    </Box>
  );
}
