import { defineArea } from '../types.ts';
import { agreementMarketplaces } from './agreement-links.ts';
import { agreementVersions } from './agreement-versions.ts';
import { agreements, subAgreements } from './agreements.ts';
import { contractData, contractItemData, contractProductData } from './contract-data.ts';
import { contractVersions } from './contract-versions.ts';
import { agreementContracts, contracts, contractsWaiting } from './contracts.ts';
import { documentRoutes } from './documents.ts';
import { agreementForms, agreementFormVersions } from './forms.ts';
import { groupLinkRoutes, groupResources, groupTables } from './groups/index.ts';

/**
 * Partner management (issue 15): agreements with versions and documents, the contracts partners sign under
 * them (an active distribution contract is what makes a vendor and a distributor partners), custom forms and
 * catalog groups.
 */
export const partners = defineArea({
  name: 'partners',
  resources: [
    agreements,
    subAgreements,
    agreementVersions,
    agreementMarketplaces,
    agreementContracts,
    contracts,
    contractVersions,
    contractData,
    contractProductData,
    contractItemData,
    agreementForms,
    agreementFormVersions,
    ...groupResources,
  ],
  tables: [...groupTables],
  routes: (api) => {
    documentRoutes(api);
    groupLinkRoutes(api);
  },
  // Dashboard (spec §1, §6): contracts that wait for the caller, vendors and providers alike.
  counters: { contracts: { visibleTo: ['vendor', 'provider'], count: contractsWaiting } },
});
