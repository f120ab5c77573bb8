import type { ListTab } from '../../../components/TabbedListPage.tsx';

/** The Agreements tab of the partners page (built in issue 15). */
export function useAgreementsTab(): ListTab | null {
  return null;
}
