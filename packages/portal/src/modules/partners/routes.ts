import { page, type RouteDef } from '../../app/route-def.ts';

const common = { module: 'MD-0010', restrictModule: true } as const;
const details = { ...common, parent: 'partners', back: 'partners', hideInNavMenu: true } as const;

/**
 * The partners area's named routes (reference names partners.*): one tabbed page for partners, agreements,
 * contracts, custom forms and catalog groups, and a details page for each.
 */
export const partnersRoutes: RouteDef[] = [
  {
    ...common,
    name: 'partners',
    navOrder: 70,
    path: '/partners/:tab?',
    title: 'Partners',
    tabs: [
      { id: 'directory', label: 'Partners' },
      { id: 'agreements', label: 'Agreements' },
      { id: 'contracts', label: 'Contracts' },
      { id: 'forms', label: 'Forms' },
      { id: 'groups', label: 'Catalog groups' },
    ],
    component: page(() => import('./PartnersPage.tsx')),
  },
  {
    ...details,
    name: 'partners.details',
    path: '/partners/directory/:id',
    title: 'Partner',
    component: page(() => import('../distribution/PartnerDetailsPage.tsx')),
  },
  {
    ...details,
    name: 'partners.agreements.details',
    path: '/partners/agreements/:id',
    title: 'Agreement',
    component: page(() => import('./agreements/AgreementDetailsPage.tsx')),
  },
  {
    ...details,
    name: 'partners.contracts.details',
    path: '/partners/contracts/:id',
    title: 'Contract',
    component: page(() => import('./contracts/ContractDetailsPage.tsx')),
  },
  {
    ...details,
    name: 'partners.forms.details',
    path: '/partners/forms/:id',
    title: 'Form',
    component: page(() => import('./forms/FormDetailsPage.tsx')),
  },
  {
    ...details,
    name: 'partners.groups.details',
    path: '/partners/groups/:id',
    title: 'Catalog group',
    component: page(() => import('./groups/GroupDetailsPage.tsx')),
  },
];
