import type { Viewer } from '@trellis/domain/resource/machine';
import { useAuth } from './SessionProvider.tsx';

/** The signed-in account and user as the domain's machine rules see them. */
export function useViewer(): Viewer {
  const { account, user } = useAuth();
  return { side: account.type, accountId: account.id, ...(user ? { userId: user.id } : {}) };
}

/** Whether the user's clock is 12-hour (dates follow it, spec §9). */
export function useHour12(): boolean {
  return useAuth().user?.timeformat === '12h';
}
