import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches, useParams } from 'react-router';
import { setDisplayTimeZone } from '@trellis/domain/format/date';
import { BrandFooter } from '../branding/BrandFooter.tsx';
import { PageFallback } from '../PageFallback.tsx';
import { recentFor } from '../recents/recents.ts';
import { useRecents, useRecordRecent } from '../recents/useRecents.ts';
import { useFavorites } from '../../components/favorites/useFavorites.ts';
import type { RouteDef } from '../routes.ts';
import { useAuth } from '../session/SessionProvider.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { PageHeader } from './PageHeader.tsx';
import { SideNav } from './SideNav.tsx';
import { chrome } from './store.ts';
import { ImpersonationBanner } from './ImpersonationBanner.tsx';
import { TopBar } from './TopBar.tsx';

const NAV_WIDTH = 240;

/** The signed-in frame: top bar, side navigation, page header, the page. */
export default function AppShell() {
  const auth = useAuth();
  const matches = useMatches();
  const params = useParams();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const route = (matches[matches.length - 1]?.handle as { route?: RouteDef } | undefined)?.route;
  // dates show in the user's time zone (spec §3; unknown zones are UTC): set before the page below renders
  setDisplayTimeZone(auth.user?.timezone);

  const recents = useRecents(auth.user?.id, auth.account.id).data ?? [];
  // someone logged in as the user (impersonation) leaves the user's recent pages as they were
  const recent = route && !auth.impersonator ? recentFor(route, location.pathname, params.tab) : null;
  useRecordRecent(auth.user?.id, auth.account.id, recent);

  // scroll-at-bottom drives "load more" style pages.
  useEffect(() => {
    const onScroll = () => {
      const el = document.documentElement;
      chrome.set({ scrollAtBottom: el.scrollTop + el.clientHeight >= el.scrollHeight - 8 });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const favorites = (useFavorites(!!auth.user).data ?? [])
    .filter((f) => f.route)
    .map((f) => ({ name: f.object.name, route: f.route! }));
  // The menu is rendered right after the shell's first render (a background render), not in it: a page's first load
  // shows its content (the dashboard's counters) without waiting for the ~20 menu entries' render and styles. On a
  // full page load the menu fills the drawer ~50-150 ms after the page; a navigation keeps it as it is.
  const menuShown = useDeferredValue(true, false);
  const nav = menuShown && (
    <SideNav
      current={route?.name}
      auth={auth}
      recents={recents}
      favorites={favorites}
      onNavigate={() => setMobileOpen(false)}
    />
  );
  const paper = {
    width: NAV_WIDTH,
    boxSizing: 'border-box' as const,
    borderRight: '1px solid',
    borderColor: 'divider',
  };
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar onMenu={() => setMobileOpen(true)} />
      {/* Rendered when opened, not kept mounted: a second copy of the menu (hidden on a wide screen, off screen on a
          narrow one) and its slide's measuring (a forced layout) made every page's first render slower. */}
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
      >
        <Toolbar />
        {nav}
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{ display: { xs: 'none', md: 'block' }, width: NAV_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paper }}
      >
        <Toolbar />
        {nav}
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, md: 4 }, pb: 4 }}>
        <Toolbar />
        <ImpersonationBanner />
        <Box sx={{ maxWidth: 1400, mx: 'auto', pt: 3 }}>
          <PageHeader route={route} />
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
          <BrandFooter sx={{ mt: 4 }} />
        </Box>
      </Box>
      <NotificationsPanel />
    </Box>
  );
}
