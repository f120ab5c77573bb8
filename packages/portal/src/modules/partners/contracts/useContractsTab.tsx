import type { ListTab } from '../../../components/TabbedListPage.tsx';

/** The Contracts tab of the partners page (built in issue 15). */
export function useContractsTab(): ListTab | null {
  return null;
}
