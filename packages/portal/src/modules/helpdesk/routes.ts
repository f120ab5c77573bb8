import { page, type RouteDef } from '../../app/route-def.ts';

const common = { module: 'MD-0023', restrictModule: true } as const;

/**
 * The helpdesk area's named routes (reference names `helpdesk` and `helpdesk.cases.details`): the account's cases in
 * four views and its helpdesk settings, one tab each, and one case's page. "Waiting for us" comes first: the dashboard's
 * `cases` counter (the cases waiting for the account) opens the area without a tab.
 */
export const helpdeskRoutes: RouteDef[] = [
  {
    ...common,
    name: 'helpdesk',
    navOrder: 120,
    path: '/helpdesk/:tab?',
    title: 'Helpdesk',
    tabs: [
      { id: 'waiting', label: 'Waiting for us' },
      { id: 'mine', label: 'Mine' },
      { id: 'theirs', label: 'Waiting for them' },
      { id: 'closed', label: 'Closed' },
      // changing them needs the account settings module (the server's check on PUT)
      { id: 'settings', label: 'Settings', module: 'MD-0001' },
    ],
    component: page(() => import('./HelpdeskPage.tsx')),
  },
  {
    ...common,
    name: 'helpdesk.cases.details',
    path: '/helpdesk/cases/:id',
    title: 'Case',
    parent: 'helpdesk',
    back: 'helpdesk',
    hideInNavMenu: true,
    component: page(() => import('./CaseDetailsPage.tsx')),
  },
];
