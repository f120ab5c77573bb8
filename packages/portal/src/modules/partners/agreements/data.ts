import { useQuery } from '@tanstack/react-query';
import type { Marketplace } from '@trellis/domain/distribution/marketplace';
import type { Partner } from '@trellis/domain/distribution/partner';
import type { AgreementForm } from '@trellis/domain/partners/form';
import { listAll } from '../../../api/list.ts';

// Whole lists for the agreement dialogs' pickers, under the 'list' key so every write refreshes them.

/** The caller's own marketplaces (a distribution agreement covers one of them). */
export function useOwnMarketplaces(accountId: string, enabled = true) {
  return useQuery({
    queryKey: ['list', '/marketplaces', 'own', accountId],
    queryFn: ({ signal }) => listAll<Marketplace>('/marketplaces', `eq(owner.id,${accountId})&ordering(name)`, signal),
    enabled,
  });
}

/** The caller's active enrolment forms (an agreement may attach only an active one). */
export function useEnrollForms(enabled = true) {
  return useQuery({
    queryKey: ['list', '/forms', 'enroll'],
    queryFn: ({ signal }) =>
      listAll<AgreementForm>('/forms', 'eq(type,enroll)&eq(status,active)&ordering(name)', signal),
    enabled,
  });
}

/** The caller's active partners (whom a program or service contract is offered to). */
export function useActivePartners(enabled = true) {
  return useQuery({
    queryKey: ['list', '/partners', 'active'],
    queryFn: ({ signal }) => listAll<Partner>('/partners', 'eq(status,active)&ordering(name)', signal),
    enabled,
  });
}
