import type { Api } from '../types.ts';
import { emailChangeRoutes } from './auth/email-change.ts';
import { impersonationRoutes } from './impersonation/routes.ts';
import { accountInvitationTable } from './invitations/account-invitations.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { tokenCallTable, tokenCallTotalTable, tokenStatsRoutes } from './tokens/stats.ts';

// Issue 14, access: account invitations and sign-up by code, e-mail change, impersonation ("log in as") and API
// token call statistics. One entry for the identity area's index.

export const accessTables = [accountInvitationTable, tokenCallTable, tokenCallTotalTable];

export function accessRoutes(api: Api) {
  invitationRoutes(api);
  emailChangeRoutes(api);
  impersonationRoutes(api);
  tokenStatsRoutes(api);
}
