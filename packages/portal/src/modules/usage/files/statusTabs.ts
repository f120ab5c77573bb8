import type { ResourceDecl } from '@trellis/domain/resource/define';
import { USAGE_INCOMPLETE, usageFileResource, type UsageFileStatus } from '@trellis/domain/usage/file';

/**
 * The usage list's tabs (route `usages`) and the statuses each shows: All, Incomplete (not yet submitted: being
 * prepared, processed, invalid or rejected), Pending (waiting for the provider), Accepted (to bill), Closed (billed).
 */
export const USAGE_TAB_STATUSES: Record<string, readonly UsageFileStatus[] | null> = {
  all: null,
  incomplete: USAGE_INCOMPLETE,
  pending: ['pending'],
  accepted: ['accepted'],
  closed: ['closed'],
};

/** The list of a tab: its status filter offers only the tab's statuses, and none when the tab is one status. */
function listedIn(statuses: readonly UsageFileStatus[] | null): ResourceDecl {
  const decl = usageFileResource;
  if (!statuses) return decl;
  if (statuses.length === 1)
    return { ...decl, list: { ...decl.list!, filters: (decl.list!.filters ?? []).filter((f) => f !== 'status') } };
  return { ...decl, filters: { ...decl.filters, status: { ...decl.filters.status!, options: [...statuses] } } };
}

export const USAGE_TAB_DECLS: Record<string, ResourceDecl> = Object.fromEntries(
  Object.entries(USAGE_TAB_STATUSES).map(([tab, statuses]) => [tab, listedIn(statuses)]),
);
