import { Suspense, lazy } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { canAccess } from './access.ts';
import { PageFallback } from './PageFallback.tsx';
import { DETAIL_ID, notFoundPath, type RouteDef } from './routes.ts';
import { useSession } from './session/SessionProvider.tsx';

const NoAccess = lazy(() => import('./errors/NoAccessPage.tsx'));

/** Renders a registered route: access check, detail-id check, then its lazily loaded page. */
export function RoutePage({ route }: { route: RouteDef }) {
  const { context } = useSession();
  const params = useParams();
  const location = useLocation();
  if (params.id !== undefined && !DETAIL_ID.test(params.id))
    return <Navigate to={notFoundPath(location.pathname)} replace />;
  if (route.tabs && params.tab !== undefined && !route.tabs.some((t) => t.id === params.tab)) {
    return <Navigate to={notFoundPath(location.pathname)} replace />;
  }
  const Page = canAccess(route, context ?? null) ? route.component : NoAccess;
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
