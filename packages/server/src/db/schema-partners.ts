import type {
  agreementMarketplaceTable,
  agreementTable,
  agreementVersionTable,
  contractDataTable,
  contractTable,
  contractVersionTable,
} from '../modules/partners/tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the partners area (migrations/0024_partners.ts), from the declared tables.
export interface PartnersTables {
  agreements: RowOf<typeof agreementTable>;
  agreement_versions: RowOf<typeof agreementVersionTable>;
  agreement_marketplaces: RowOf<typeof agreementMarketplaceTable>;
  contracts: RowOf<typeof contractTable>;
  contract_versions: RowOf<typeof contractVersionTable>;
  contract_data: RowOf<typeof contractDataTable>;
}
