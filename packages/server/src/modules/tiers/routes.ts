import { registerResource } from '../../resources/routes.ts';
import type { Api } from '../types.ts';
import { tierAccounts, tierAccountVersions } from './tier-accounts.ts';

export { onTierAccountChanged, type TierAccountChange } from './hooks.ts';

/**
 * Tier accounts (customers, T1, T2) and their versions. The reference has no separate customers path:
 * a provider's customers are GET /tier/accounts?eq(scopes,customer).
 */
export function tierRoutes({ app, db }: Api) {
  registerResource(app, db, tierAccounts);
  registerResource(app, db, tierAccountVersions);
}
