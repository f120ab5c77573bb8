import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Navigate, useParams } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { accountUserResource } from '@trellis/domain/identity/user';
import { groupResource } from '@trellis/domain/identity/group';
import { tokenResource } from '@trellis/domain/identity/token';
import { sessionResource } from '@trellis/domain/identity/session';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { pathTo, routeByName } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { FieldList } from '../../components/FieldList.tsx';
import { fillPath } from '../../components/fillPath.ts';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';

const ROUTE = 'settings.users';

function Policies() {
  const auth = useAuth();
  const policy = auth.account.settings?.mfa?.policy ?? 'optional';
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>Security policies</Typography>
        <FieldList items={[
          { label: 'Multi-factor authentication', value: policy.charAt(0).toUpperCase() + policy.slice(1).replace(/_/g, ' ') },
          { label: 'Password', value: '8 to 128 characters, at least one letter and one digit' },
        ]} />
      </CardContent>
    </Card>
  );
}

/** Settings › Users: directory, groups, policies, API tokens and the user's own sessions, as tabs. */
export default function UsersSettingsPage() {
  const auth = useAuth();
  const { tab } = useParams();
  const tabs = routeByName(ROUTE).tabs!.filter((t) => !t.module || allows(auth.permissions, t.module));
  const active = tabs.find((t) => t.id === tab)?.id;
  usePageChrome({
    title: 'Users',
    tabs: tabs.map((t) => ({ id: t.id, label: t.label, to: pathTo(ROUTE, { tab: t.id }) })),
    activeTab: active ?? null,
  }, [active, tabs.length]);

  if (!active) return <Navigate to={pathTo(ROUTE, { tab: tabs[0]?.id ?? 'sessions' })} replace />;
  const account = { accountId: auth.account.id };
  switch (active) {
    case 'directory':
      return <ResourceTable key="directory" resource={accountUserResource} path={fillPath(accountUserResource.path, account)} noun="users" />;
    case 'groups':
      return <ResourceTable key="groups" resource={groupResource} path={fillPath(groupResource.path, account)} noun="groups" />;
    case 'policies':
      return <Policies />;
    case 'tokens':
      return (
        <ResourceTable key="tokens" resource={tokenResource} noun="API tokens"
          rowLink={(t) => pathTo('settings.users.tokens.details', { id: t.id! })} />
      );
    default:
      return (
        <ResourceTable key="sessions" resource={sessionResource} noun="sessions"
          path={fillPath(sessionResource.path, { user_pk: auth.user?.id ?? '' })} />
      );
  }
}
