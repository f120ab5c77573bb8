import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { POLLING_INTERVAL_MS } from '@trellis/domain/format/constants';
import type { Report } from '@trellis/domain/reporting/report';
import type { Page } from '../../api/list.ts';
import { inProgress } from './reportProgress.ts';

/** While a listed report of `path` is pending or running, the list is refetched every polling interval (spec §9). */
export function usePollReports(path: string) {
  const client = useQueryClient();
  useEffect(() => {
    const t = setInterval(() => {
      const pages = client.getQueriesData<Page<Report>>({ queryKey: ['list', path] });
      if (pages.some(([, page]) => page?.items?.some((r) => inProgress(r))))
        void client.invalidateQueries({ queryKey: ['list', path] });
    }, POLLING_INTERVAL_MS);
    return () => clearInterval(t);
  }, [client, path]);
}
