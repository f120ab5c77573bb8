import type { AccountUser } from '@trellis/domain/identity/user';

/** What the page says after a member action succeeded. */
export function memberActionDone(action: string, m: Pick<AccountUser, 'name' | 'email'>): string {
  const who = m.name || m.email;
  switch (action) {
    case 'reinvite': return `The invitation was sent again to ${m.email}.`;
    case 'activate': return `${who} is now an active member.`;
    case 'remove': return `${who} was removed from the account.`;
    default: return `${action}: done.`;
  }
}

export const memberPath = (accountId: string, userId: string) => `/accounts/${accountId}/users/${userId}`;
