import { useParams } from 'react-router';
import { tokenResource, type Token } from '@trellis/domain/identity/token';
import { formatDate } from '@trellis/domain/format/date';
import { MODULES } from '@trellis/domain/identity/modules';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';

/** One API token: details, permissions, and the actions its status allows. */
export default function TokenDetailsPage() {
  const { id } = useParams();
  const auth = useAuth();
  const hour12 = auth.user?.timeformat === '12h';
  usePageChrome({ backRoute: pathTo('settings.users', { tab: 'tokens' }) });
  return (
    <ResourceDetail<Token> resource={tokenResource} path={`${tokenResource.path}/${id}`}
      fields={(t) => [
        { label: 'ID', value: t.id },
        { label: 'Name', value: t.name },
        { label: 'Description', value: t.description },
        { label: 'Status', value: <StatusChip status={t.status} /> },
        { label: 'External ID', value: t.external_id },
        { label: 'Expires', value: t.expiration_date ? formatDate(t.expiration_date, { hour12 }) : 'Never' },
        { label: 'Created', value: [formatDate(t.events.created?.at, { hour12 }), t.events.created?.by?.name].filter(Boolean).join(' by ') },
      ]}
      actionMessage={(action, answer) => {
        // Rotate answers with the new secret once; it cannot be read again later.
        const secret = (answer as Partial<Token> | null)?.token;
        return secret ? <>New secret of the token (copy it now, it is not shown again): <code>{secret}</code></> : undefined;
      }}
      tabs={[{
        id: 'permissions', label: 'Permissions',
        render: (t) => (t.permissions.length
          ? t.permissions.map((p) => MODULES.find((m) => m.id === p.object.id)?.name ?? p.object.id).join(', ')
          : 'This token has no permissions.'),
      }]} />
  );
}
