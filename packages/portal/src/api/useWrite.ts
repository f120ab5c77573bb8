import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { notify } from '../app/notices.ts';
import { apiRequest, type RequestOptions } from './client.ts';
import type { ApiError } from './errors.ts';

export interface Write<V> {
  method: NonNullable<RequestOptions['method']>;
  path: string | ((vars: V) => string);
  body?: (vars: V) => unknown;
}

export interface WriteOptions<T> {
  /** Collection paths whose lists change (their `['list', path]` queries are refetched); default all lists. */
  lists?: readonly string[];
  /** Object paths whose reads change (their `['get', path]` queries are refetched). */
  objects?: readonly string[];
  /** The notice after success; none when omitted. */
  notice?: (answer: T) => ReactNode;
}

/**
 * Every write of the portal: the call, then the lists and objects it changed are refetched and the user gets
 * one notice. Errors are left to the caller (forms put them on their fields).
 */
export function useWrite<T = unknown, V = void>(write: Write<V>, opts: WriteOptions<T> = {}) {
  const client = useQueryClient();
  return useMutation<T, ApiError, V>({
    mutationFn: async (vars) => {
      const path = typeof write.path === 'function' ? write.path(vars) : write.path;
      const body = write.body ? write.body(vars) : write.method === 'DELETE' ? undefined : (vars ?? {});
      return (await apiRequest<T>(path, { method: write.method, body })).data;
    },
    onSuccess: async (answer) => {
      await refetchAfterWrite(client, opts);
      const notice = opts.notice?.(answer);
      if (notice) notify('success', notice);
    },
  });
}

/** Refetch what a write changed: the named objects first (the page shows them), then the lists. */
export async function refetchAfterWrite(
  client: ReturnType<typeof useQueryClient>,
  opts: Pick<WriteOptions<unknown>, 'lists' | 'objects'>,
) {
  await Promise.all((opts.objects ?? []).map((p) => client.invalidateQueries({ queryKey: ['get', p] })));
  if (!opts.lists) void client.invalidateQueries({ queryKey: ['list'] });
  else for (const p of opts.lists) void client.invalidateQueries({ queryKey: ['list', p] });
}
