import { Navigate } from 'react-router';
import { canAccess } from './access.ts';
import { ROUTES, pathTo } from './routes.ts';
import { useAuth } from './session/SessionProvider.tsx';

/** /settings opens the first settings page this user may see. */
export default function SettingsIndexPage() {
  const auth = useAuth();
  const first = ROUTES.find((r) => r.parent === 'settings' && !r.hideInNavMenu && canAccess(r, auth));
  return <Navigate to={first ? pathTo(first.name) : '/'} replace />;
}
