import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { useHour12, useViewer } from '../../../app/session/useViewer.ts';
import type { DisplayContext } from '../../../components/display/FieldValue.tsx';

/** What the shared field renderings need, for a page's own overrides of a declared field. */
export function useDisplay(): DisplayContext {
  const auth = useAuth();
  const viewer = useViewer();
  const hour12 = useHour12();
  return { viewer, access: auth, hour12 };
}
