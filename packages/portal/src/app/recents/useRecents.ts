import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, ApiError } from '../../api/index.ts';
import { pushRecent, sanitizeRecents, type RecentEntry } from './recents.ts';

const settingPath = (userId: string, accountId: string) => `/users/${userId}/accounts/${accountId}/settings/recents`;

/** The recents of the user in this account; a missing setting (404) is an empty list. */
export function useRecents(userId: string | undefined, accountId: string) {
  return useQuery({
    queryKey: ['auth', 'recents', userId, accountId],
    enabled: !!userId,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      try {
        return sanitizeRecents(await api.get(settingPath(userId!, accountId)));
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 405)) return [];
        throw err;
      }
    },
  });
}

/** Records a visit: updates the cached list at once and saves it (failures are not the user's problem). */
export function useRecordRecent(userId: string | undefined, accountId: string, entry: RecentEntry | null) {
  const client = useQueryClient();
  const { data } = useRecents(userId, accountId);
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || !entry || !data || last.current === entry.route) return;
    last.current = entry.route;
    const next = pushRecent(data, entry);
    if (JSON.stringify(next) === JSON.stringify(data)) return;
    client.setQueryData(['auth', 'recents', userId, accountId], next);
    api.put(settingPath(userId, accountId), next).catch((err) => {
      if (!(err instanceof ApiError && err.status === 404)) console.warn('Could not save recents', err);
    });
  }, [client, userId, accountId, entry, data]);
}
