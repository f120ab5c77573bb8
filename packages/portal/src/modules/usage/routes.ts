import { page, type RouteDef } from '../../app/route-def.ts';

const common = { module: 'MD-0005', restrictModule: true } as const;

/**
 * The usage area's named routes (reference names `usages`, `usages.details`): the usage files by status group, one
 * tab each, the provider's usage rules, and a file's page (its records, errors, chunks and reconciliation).
 */
export const usageRoutes: RouteDef[] = [
  {
    ...common,
    name: 'usages',
    navOrder: 95,
    path: '/usage/:tab?',
    title: 'Usage',
    tabs: [
      { id: 'all', label: 'All' },
      { id: 'incomplete', label: 'Incomplete' },
      { id: 'pending', label: 'Pending' },
      { id: 'accepted', label: 'Accepted' },
      { id: 'closed', label: 'Closed' },
      { id: 'rules', label: 'Usage rules' },
    ],
    component: page(() => import('./UsageFilesPage.tsx')),
  },
  {
    ...common,
    name: 'usages.details',
    path: '/usage/files/:id',
    title: 'Usage file',
    parent: 'usages',
    back: 'usages',
    hideInNavMenu: true,
    component: page(() => import('./UsageFileDetailsPage.tsx')),
  },
];
