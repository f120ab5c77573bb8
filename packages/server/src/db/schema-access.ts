import type { accountInvitationTable } from '../modules/identity/invitations/account-invitations.ts';
import type { tokenCallTable, tokenCallTotalTable } from '../modules/identity/tokens/stats.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the access tables (migrations/0022_access.ts), from their declared maps.
export interface AccessTables {
  account_invitations: RowOf<typeof accountInvitationTable>;
  token_calls: RowOf<typeof tokenCallTable>;
  token_call_totals: RowOf<typeof tokenCallTotalTable>;
}
