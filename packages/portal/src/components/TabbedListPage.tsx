import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { canAccess } from '../app/access.ts';
import { chrome } from '../app/chrome/store.ts';
import { usePageChrome } from '../app/chrome/usePageChrome.ts';
import { useNotice } from '../app/notices.ts';
import { pathTo, routeByName } from '../app/routes.ts';
import { useAuth } from '../app/session/SessionProvider.tsx';

export interface ListTab {
  /** The list (usually a ResourceTable) and whatever dialogs belong to it. */
  content: ReactNode;
  /** Header buttons while this tab is open (e.g. Create). */
  actions?: ReactNode;
}

export interface TabbedListPageProps {
  /** Route with `:tab` in its path and `tabs` in the registry. */
  route: string;
  title?: string;
  /** Each registered tab's content, by id; tabs without content (or without access) are not shown. */
  tabs: Record<string, ListTab | null | undefined>;
}

/**
 * A list page of several tabs (directory, requests, ...): the route's tabs in the header, one URL per tab, the
 * first tab when none is given, a notice handed over by the previous page. Each tab keeps its own filters.
 */
export function TabbedListPage({ route, title, tabs }: TabbedListPageProps) {
  const auth = useAuth();
  const location = useLocation();
  const { tab } = useParams();
  const def = routeByName(route);
  const shown = (def.tabs ?? []).filter(
    (t) => tabs[t.id] && (!t.module || canAccess({ ...def, module: t.module, restrictModule: true }, auth)),
  );
  const active = shown.find((t) => t.id === tab);

  usePageChrome(
    {
      title: title ?? def.title,
      tabs: shown.map((t) => ({ id: t.id, label: t.label, to: pathTo(route, { tab: t.id }) })),
      activeTab: active?.id ?? null,
    },
    [active?.id, shown.map((t) => t.id).join()],
  );
  // The tab's buttons follow the page's state (a view's label, a busy flag): set on every render.
  const actions = active ? (tabs[active.id]?.actions ?? null) : null;
  useLayoutEffect(() => chrome.set({ headerActions: actions }));
  useEffect(() => () => chrome.set({ headerActions: null }), []);
  useNotice(active?.id);
  useEffect(() => () => chrome.set({ alert: null }), []);

  if (!active) {
    if (!shown.length) return null;
    return <Navigate to={`${pathTo(route, { tab: shown[0].id })}${location.search}`} replace />;
  }
  return <>{tabs[active.id]!.content}</>;
}
