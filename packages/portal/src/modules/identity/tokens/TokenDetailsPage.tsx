import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { tokenResource, type Token } from '@trellis/domain/identity/token';
import { formatDate } from '@trellis/domain/format/date';
import { allows } from '@trellis/domain/identity/modules';
import { api } from '../../../api/client.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { notify, type NoticeState } from '../data.ts';
import { PermissionsEditor } from '../PermissionsEditor.tsx';
import { EditTokenDialog } from './EditTokenDialog.tsx';
import { RenewTokenDialog } from './RenewTokenDialog.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import { TokenStatistics } from './TokenStatistics.tsx';

const TOKENS = () => pathTo('settings.users', { tab: 'tokens' });

/** One API token: details, permissions, activate/deactivate, rotate (new key shown once), renew, edit, delete. */
export default function TokenDetailsPage() {
  const { id } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const hour12 = auth.user?.timeformat === '12h';
  const path = `${tokenResource.path}/${id}`;
  const canWrite = allows(auth.permissions, tokenResource.module);
  const [rotating, setRotating] = useState<Token | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [renewing, setRenewing] = useState<Token | null>(null);
  const [editing, setEditing] = useState<Token | null>(null);
  const [deleting, setDeleting] = useState<Token | null>(null);
  usePageChrome({ backRoute: TOKENS() });
  const date = (v?: string | null) => (v ? formatDate(v, { hour12 }) : null);

  return (
    <>
      <ResourceDetail<Token>
        resource={tokenResource}
        path={path}
        actions={{ rotate: { onClick: (t) => setRotating(t) }, renew: { onClick: (t) => setRenewing(t) } }}
        buttons={(t) =>
          canWrite && t.status !== 'deleted' ? (
            <>
              <Button variant="outlined" size="small" onClick={() => setEditing(t)}>
                Edit
              </Button>
              <Button variant="outlined" size="small" color="error" onClick={() => setDeleting(t)}>
                Delete
              </Button>
            </>
          ) : null
        }
        tabs={[
          {
            id: 'permissions',
            label: 'Permissions',
            render: (t) => (
              <PermissionsEditor
                path={`${path}/permissions`}
                granted={t.permissions.map((p) => p.object?.id ?? p.id)}
                canWrite={canWrite && t.status !== 'deleted'}
                subject="calls made with this token"
              />
            ),
          },
          { id: 'statistics', label: 'Statistics', render: (t) => <TokenStatistics tokenId={t.id} /> },
        ]}
      />
      <ConfirmDialog
        open={!!rotating}
        title="Rotate the key"
        confirmLabel="Rotate"
        onClose={() => setRotating(null)}
        onConfirm={async () => {
          const answer = await api.post<Token>(`${path}/rotate`);
          await client.invalidateQueries({ queryKey: ['get', path] });
          setSecret(answer.token ?? null);
        }}
      >
        A new key replaces the current one; programs still using the current key stop working at once.
      </ConfirmDialog>
      <SecretDialog
        title="New API key"
        secret={secret}
        intro="The token has a new key."
        onClose={() => setSecret(null)}
      />
      <RenewTokenDialog
        token={renewing}
        hour12={hour12}
        onClose={() => setRenewing(null)}
        onRenewed={(t) => {
          setRenewing(null);
          notify('success', `Renewed: the token now expires ${date(t.expiration_date) ?? 'never'}.`);
        }}
      />
      <EditTokenDialog
        token={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          notify('success', 'Token saved.');
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete token"
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.delete(path);
          navigate(TOKENS(), {
            state: {
              notice: { severity: 'success', content: `Token ${deleting!.name} was deleted; its key no longer works.` },
            } satisfies NoticeState,
          });
        }}
      >
        {deleting && (
          <>
            Delete the token <b>{deleting.name}</b>? Its key stops working at once. This cannot be undone.
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
