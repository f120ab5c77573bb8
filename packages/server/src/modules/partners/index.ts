import { defineArea } from '../types.ts';
import { groupLinkRoutes, groupResources, groupTables } from './groups/index.ts';

/**
 * Partner management (issue 15): agreements with versions and documents, the contracts partners sign under
 * them (an active distribution contract is what makes a vendor and a distributor partners), custom forms and
 * catalog groups.
 */
export const partners = defineArea({
  name: 'partners',
  resources: [...groupResources],
  tables: [...groupTables],
  routes: (api) => {
    groupLinkRoutes(api);
  },
});
