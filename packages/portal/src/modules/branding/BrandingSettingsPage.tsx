import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { useNotice } from '../../app/notices.ts';
import { pathTo, routeByName } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { DomainsList } from '../identity/domains/DomainsList.tsx';
import { PortalsTab } from './portals/PortalsTab.tsx';

const ROUTE = 'settings.branding';

/** What each tab shows; the domains are the identity area's list (the same one Settings › Users › Policies shows). */
const TAB_CONTENT: Record<string, () => ReactNode> = {
  portals: () => <PortalsTab />,
  domains: () => <DomainsList />,
};

/** Settings › Branding (spec §2): the account's brand and its portals, and its domains. */
export default function BrandingSettingsPage() {
  const auth = useAuth();
  const { tab } = useParams();
  const tabs = routeByName(ROUTE).tabs!.filter((t) => !t.module || allows(auth.permissions, t.module));
  const active = tabs.find((t) => t.id === tab)?.id;
  usePageChrome(
    {
      title: 'Branding',
      tabs: tabs.map((t) => ({ id: t.id, label: t.label, to: pathTo(ROUTE, { tab: t.id }) })),
      activeTab: active ?? null,
    },
    [active, tabs.length],
  );
  useNotice(active);

  if (!active) return <Navigate to={pathTo(ROUTE, { tab: tabs[0]?.id ?? 'portals' })} replace />;
  return TAB_CONTENT[active]?.() ?? null;
}
