import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AccountUser } from '@trellis/domain/identity/user';
import type { Group } from '@trellis/domain/identity/group';
import { listAll } from '../../api/list.ts';
import { chrome } from '../../app/chrome/store.ts';
import type { ModuleOption } from '../../components/ModuleCheckboxes.tsx';

// Whole lists for pickers live under the 'list' key, so every write (which refetches lists) refreshes them too.

/** The permission modules this account can grant (GET /modules). */
export function useModules() {
  return useQuery({
    queryKey: ['list', '/modules', 'all'],
    queryFn: ({ signal }) => listAll<ModuleOption>('/modules', 'ordering(id)', signal),
  });
}

export function useAccountGroups(accountId: string) {
  const path = `/accounts/${accountId}/groups`;
  return useQuery({
    queryKey: ['list', path, 'all'],
    queryFn: ({ signal }) => listAll<Group>(path, 'ordering(name)', signal),
  });
}

/** Invited and joined members (the ones that can be put in a group). */
export function useAccountMembers(accountId: string) {
  const path = `/accounts/${accountId}/users`;
  return useQuery({
    queryKey: ['list', path, 'members'],
    queryFn: ({ signal }) => listAll<AccountUser>(path, 'in(status,(invited,joined))&ordering(name)', signal),
  });
}

/** The page-level message under the title (replaces the previous one). */
export function notify(severity: 'success' | 'error' | 'info' | 'warning', content: ReactNode) {
  chrome.set({ alert: { severity, content } });
}

/** Location state carrying a message for the page navigated to (the page left clears its own alert). */
export interface NoticeState {
  notice?: { severity: 'success' | 'error' | 'info' | 'warning'; content: string };
}
