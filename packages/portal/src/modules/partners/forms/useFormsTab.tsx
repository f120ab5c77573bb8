import type { ListTab } from '../../../components/TabbedListPage.tsx';

/** The Forms tab of the partners page (built in issue 15). */
export function useFormsTab(): ListTab | null {
  return null;
}
