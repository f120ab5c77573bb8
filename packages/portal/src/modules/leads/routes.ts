import { page, type RouteDef } from '../../app/route-def.ts';
import { leadsPublicRoutes } from './public-routes.ts';

const common = { module: 'MD-0010', restrictModule: true } as const;
const details = { ...common, parent: 'leads', back: 'leads', hideInNavMenu: true } as const;

/**
 * The leads area's named routes: one tabbed page (records; forms for vendors), a details page for each, and the
 * public lead form of a listing that visitors fill in (no login, no shell; other sites may frame it).
 */
export const leadsRoutes: RouteDef[] = [
  {
    ...common,
    name: 'leads',
    navOrder: 75,
    path: '/leads/:tab?',
    title: 'Leads',
    tabs: [
      { id: 'records', label: 'Leads' },
      { id: 'forms', label: 'Lead forms' },
    ],
    component: page(() => import('./LeadsPage.tsx')),
  },
  {
    ...details,
    name: 'leads.records.details',
    path: '/leads/records/:id',
    title: 'Lead',
    component: page(() => import('./LeadRecordDetailsPage.tsx')),
  },
  {
    ...details,
    name: 'leads.forms.details',
    path: '/leads/forms/:id',
    title: 'Lead form',
    visibleToProvider: false,
    component: page(() => import('./LeadFormDetailsPage.tsx')),
  },
  ...leadsPublicRoutes,
];
