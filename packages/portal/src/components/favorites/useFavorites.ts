import type { Favorite } from '@trellis/domain/favorites/favorite';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, listAll } from '../../api/index.ts';

// The user's favorites in the current account (at most MAX_FAVORITES: one request), shared by the star on detail
// pages and the navigation's list.

const KEY = ['favorites'];

export function useFavorites(enabled = true) {
  return useQuery({ queryKey: KEY, enabled, staleTime: 60_000, queryFn: () => listAll<Favorite>('/favorites') });
}

/** Mark or unmark an object; the navigation's list follows at once. */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { marked?: Favorite; resource: string; id: string; route: string }) => {
      if (v.marked) await api.delete(`/favorites/${v.marked.id}`);
      else await api.post('/favorites', { object: { id: v.id, resource: v.resource }, route: v.route });
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
