import type { DisplayContext } from '../../../components/display/FieldValue.tsx';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { useHour12, useViewer } from '../../../app/session/useViewer.ts';

/** What renderField needs to show a declared field to the signed-in user (screens that lay fields out themselves). */
export function useDisplay(dense = false): DisplayContext {
  const access = useAuth();
  const viewer = useViewer();
  const hour12 = useHour12();
  return { viewer, access, hour12, dense };
}
