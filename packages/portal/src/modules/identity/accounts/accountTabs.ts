import { pathTo } from '../../../app/routes.ts';

/** The Accounts page's two lists: the accounts one reaches, and the invitations to open managed ones. */
export const accountTabs = () => [
  { id: 'accounts', label: 'Accounts', to: pathTo('accounts') },
  { id: 'invitations', label: 'Invitations', to: pathTo('accounts.invitations') },
];
