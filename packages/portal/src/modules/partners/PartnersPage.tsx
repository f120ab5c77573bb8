import { TabbedListPage } from '../../components/TabbedListPage.tsx';
import { usePartnersDirectoryTab } from '../distribution/partners/usePartnersDirectoryTab.tsx';
import { useAgreementsTab } from './agreements/useAgreementsTab.tsx';
import { useContractsTab } from './contracts/useContractsTab.tsx';
import { useFormsTab } from './forms/useFormsTab.tsx';
import { useGroupsTab } from './groups/useGroupsTab.tsx';

/** Partners: the partner directory, agreements, contracts, custom forms and catalog groups, one tab each. */
export default function PartnersPage() {
  const tabs = {
    directory: usePartnersDirectoryTab(),
    agreements: useAgreementsTab(),
    contracts: useContractsTab(),
    forms: useFormsTab(),
    groups: useGroupsTab(),
  };
  return <TabbedListPage route="partners" tabs={tabs} />;
}
