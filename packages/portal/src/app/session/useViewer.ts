import { useMemo } from 'react';
import type { Viewer } from '@trellis/domain/resource/machine';
import { useAuth } from './SessionProvider.tsx';

/** The signed-in account and user as the domain's machine rules see them. */
export function useViewer(): Viewer {
  const { account, user } = useAuth();
  const userId = user?.id;
  // one object while it says the same: what is computed from it (a table's columns and rows) can be memoised
  return useMemo(
    () => ({ side: account.type, accountId: account.id, ...(userId ? { userId } : {}) }),
    [account.type, account.id, userId],
  );
}

/** Whether the user's clock is 12-hour (dates follow it, spec §9). */
export function useHour12(): boolean {
  return useAuth().user?.timeformat === '12h';
}
