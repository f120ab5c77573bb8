import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { api, apiRequest, type RequestOptions } from './client.ts';
import type { ApiError } from './errors.ts';
import { fetchPage, type Page } from './list.ts';

type Extra<T> = Omit<UseQueryOptions<T, ApiError>, 'queryKey' | 'queryFn'>;

/** A page of a list; `query` is the full RQL (filters, ordering, limit, offset). */
export function useList<T>(path: string, query: string, options: Extra<Page<T>> = {}) {
  return useQuery<Page<T>, ApiError>({
    queryKey: ['list', path, query],
    queryFn: ({ signal }) => fetchPage<T>(path, query, signal),
    placeholderData: (prev) => prev,
    ...options,
  });
}

/** One object (or any GET). */
export function useGet<T>(path: string | null, options: Extra<T> = {}) {
  return useQuery<T, ApiError>({
    queryKey: ['get', path],
    queryFn: ({ signal }) => api.get<T>(path!, undefined, signal),
    enabled: path !== null && options.enabled !== false,
    ...options,
  });
}

interface MutationSpec<V> {
  method: NonNullable<RequestOptions['method']>;
  path: string | ((vars: V) => string);
  body?: (vars: V) => unknown;
  /** Query keys to refetch afterwards; default: every list and get under the path. */
  invalidate?: QueryKey[];
}

/** A write; lists and objects it touches are refetched when it succeeds. */
export function useApiMutation<T = unknown, V = void>(spec: MutationSpec<V>) {
  const client = useQueryClient();
  return useMutation<T, ApiError, V>({
    mutationFn: async (vars) => {
      const path = typeof spec.path === 'function' ? spec.path(vars) : spec.path;
      const body = spec.body
        ? spec.body(vars)
        : spec.method === 'GET' || spec.method === 'DELETE'
          ? undefined
          : (vars ?? {});
      return (await apiRequest<T>(path, { method: spec.method, body })).data;
    },
    onSuccess: () => {
      if (spec.invalidate) for (const key of spec.invalidate) void client.invalidateQueries({ queryKey: key });
      else {
        void client.invalidateQueries({ queryKey: ['list'] });
        void client.invalidateQueries({ queryKey: ['get'] });
      }
    },
  });
}
