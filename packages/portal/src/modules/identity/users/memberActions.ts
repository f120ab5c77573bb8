import type { AccountUser } from '@trellis/domain/identity/user';

/** What the page says after a member was removed. */
export const memberRemoved = (m: Pick<AccountUser, 'name' | 'email'>) =>
  `${m.name || m.email} was removed from the account.`;

export const memberPath = (accountId: string, userId: string) => `/accounts/${accountId}/users/${userId}`;
