import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { chrome } from '../../app/chrome/store.ts';
import { pathTo, routeByName } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { notify, type NoticeState } from './data.ts';
import { GroupsTab } from './groups/GroupsTab.tsx';
import { PoliciesTab } from './policies/PoliciesTab.tsx';
import { SessionsTab } from './sessions/SessionsTab.tsx';
import { TokensTab } from './tokens/TokensTab.tsx';
import { DirectoryTab } from './users/DirectoryTab.tsx';

const ROUTE = 'settings.users';

/** Settings › Users: directory, groups, policies, API tokens and the user's own sessions, as tabs. */
export default function UsersSettingsPage() {
  const auth = useAuth();
  const { tab } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = routeByName(ROUTE).tabs!.filter((t) => !t.module || allows(auth.permissions, t.module));
  const active = tabs.find((t) => t.id === tab)?.id;
  usePageChrome(
    {
      title: 'Users',
      tabs: tabs.map((t) => ({ id: t.id, label: t.label, to: pathTo(ROUTE, { tab: t.id }) })),
      activeTab: active ?? null,
    },
    [active, tabs.length],
  );

  // A message handed over by the page we came from (e.g. "deleted" from a detail page); tab changes clear it.
  useEffect(() => {
    const notice = (location.state as NoticeState | null)?.notice;
    if (notice) {
      notify(notice.severity, notice.content);
      navigate(location.pathname + location.search, { replace: true, state: null });
    }
    return () => chrome.set({ alert: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  if (!active) return <Navigate to={pathTo(ROUTE, { tab: tabs[0]?.id ?? 'sessions' })} replace />;
  const accountId = auth.account.id;
  switch (active) {
    case 'directory':
      return <DirectoryTab accountId={accountId} />;
    case 'groups':
      return <GroupsTab accountId={accountId} canWrite />;
    case 'policies':
      return <PoliciesTab canWrite />;
    case 'tokens':
      return <TokensTab canWrite />;
    default:
      return <SessionsTab userId={auth.user?.id ?? ''} />;
  }
}
