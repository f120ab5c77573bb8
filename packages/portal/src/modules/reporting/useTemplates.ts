import { useQuery } from '@tanstack/react-query';
import { reportTemplateResource, type ReportTemplate } from '@trellis/domain/reporting/template';
import { listAll } from '../../api/list.ts';

/** The templates a report can be run from now: the enabled ones this account's side sees, by name. */
export function useEnabledTemplates(enabled = true) {
  return useQuery({
    queryKey: ['list', reportTemplateResource.path, 'enabled'],
    queryFn: ({ signal }) =>
      listAll<ReportTemplate>(reportTemplateResource.path, 'eq(status,enabled)&ordering(name)', signal),
    enabled,
  });
}
