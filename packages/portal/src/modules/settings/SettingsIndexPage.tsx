import { Navigate } from 'react-router';
import { canAccess } from '../../app/access.ts';
import { ROUTES, pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';

/** /settings opens the first settings page this user may see. */
export default function SettingsIndexPage() {
  const auth = useAuth();
  const first = ROUTES.find((r) => r.parent === 'settings' && !r.hideInNavMenu && canAccess(r, auth));
  return <Navigate to={first ? pathTo(first.name) : '/'} replace />;
}
