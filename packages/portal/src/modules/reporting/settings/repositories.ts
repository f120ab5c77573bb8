import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Viewer } from '@trellis/domain/resource/machine';
import { reportRepositoryResource, type ReportsRepository } from '@trellis/domain/reporting/repository';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import type { Page } from '../../../api/list.ts';

// What the repositories' screens share: how often one being configured is read again, whose it is to change, and
// the server's refusal of an upload as its list of problems.

/** While a repository is configuring (its code checked in the background: seconds), it is read again this often. */
export const REPOSITORY_POLL_MS = 2000;

export const isConfiguring = (r: Pick<ReportsRepository, 'status'> | undefined) => r?.status === 'configuring';

/** The account's own uploaded repository (the built-in one, Trellis's, is read-only to every account). */
export const ownRepository = (r: Pick<ReportsRepository, 'repository_type' | 'owner'>, viewer: Viewer) =>
  r.repository_type === 'custom' && r.owner.id === viewer.accountId;

/** The archive's SHA-1 as git shows a commit: its first 7 characters. */
export const shortCommit = (commit: string | null | undefined) => (commit ? commit.slice(0, 7) : null);

/** Every message of a refused upload (a bad archive names each problem), else the one message of the error. */
export function problemsOf(err: unknown): string[] {
  const body = err instanceof ApiError ? (err.text as { errors?: unknown } | null) : null;
  const errors = body && typeof body === 'object' && Array.isArray(body.errors) ? body.errors : [];
  const found = errors.filter((e): e is string => typeof e === 'string' && e.trim() !== '');
  return found.length ? found : [errorMessage(err)];
}

/** While a listed repository is configuring, the repositories list is read again every REPOSITORY_POLL_MS. */
export function usePollRepositories() {
  const client = useQueryClient();
  useEffect(() => {
    const key = ['list', reportRepositoryResource.path];
    const t = setInterval(() => {
      const pages = client.getQueriesData<Page<ReportsRepository>>({ queryKey: key });
      if (pages.some(([, page]) => page?.items?.some(isConfiguring))) void client.invalidateQueries({ queryKey: key });
    }, REPOSITORY_POLL_MS);
    return () => clearInterval(t);
  }, [client]);
}
