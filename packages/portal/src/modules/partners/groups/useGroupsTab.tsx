import type { ListTab } from '../../../components/TabbedListPage.tsx';

/** The Groups tab of the partners page (built in issue 15). */
export function useGroupsTab(): ListTab | null {
  return null;
}
