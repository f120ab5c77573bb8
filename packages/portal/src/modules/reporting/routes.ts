import { page, type RouteDef } from '../../app/route-def.ts';

// Reports (MD-0008, domain reporting/*.ts): the API reads and writes them with that module only.
const common = { module: 'MD-0008', restrictModule: true } as const;

/**
 * The reporting area's named routes (reference names `reports` with its `schedules` tab, `reports.details`,
 * `reports.schedules.details`, `settings.reports` and `settings.reports.template.details`; Trellis's own
 * `settings.reports.repository.details`): the account's reports and schedules, one page each; Settings › Reports with
 * the templates and repositories (spec §2), one page each.
 */
export const reportingRoutes: RouteDef[] = [
  {
    ...common,
    name: 'reports',
    navOrder: 800,
    path: '/reports/:tab?',
    title: 'Reports',
    tabs: [
      { id: 'history', label: 'Reports' },
      { id: 'schedules', label: 'Schedules' },
    ],
    component: page(() => import('./ReportsPage.tsx')),
  },
  {
    ...common,
    name: 'reports.details',
    path: '/reports/history/:id',
    title: 'Report',
    parent: 'reports',
    back: 'reports',
    hideInNavMenu: true,
    component: page(() => import('./ReportDetailsPage.tsx')),
  },
  {
    ...common,
    name: 'reports.schedules.details',
    path: '/reports/schedules/:id',
    title: 'Report schedule',
    parent: 'reports',
    back: 'reports',
    hideInNavMenu: true,
    component: page(() => import('./schedules/ScheduleDetailsPage.tsx')),
  },
  {
    ...common,
    name: 'settings.reports',
    path: '/settings/reports/:tab?',
    title: 'Reports',
    parent: 'settings',
    tabs: [
      { id: 'templates', label: 'Templates' },
      { id: 'repositories', label: 'Repositories' },
    ],
    component: page(() => import('./settings/ReportSettingsPage.tsx')),
  },
  {
    ...common,
    name: 'settings.reports.template.details',
    path: '/settings/reports/templates/:id',
    title: 'Report template',
    parent: 'settings.reports',
    back: 'settings.reports',
    hideInNavMenu: true,
    component: page(() => import('./settings/TemplateDetailsPage.tsx')),
  },
  {
    ...common,
    name: 'settings.reports.repository.details',
    path: '/settings/reports/repositories/:id',
    title: 'Report repository',
    parent: 'settings.reports',
    back: 'settings.reports',
    hideInNavMenu: true,
    component: page(() => import('./settings/RepositoryDetailsPage.tsx')),
  },
];
