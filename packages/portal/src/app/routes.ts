import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Named routes, registered once. Navigation, access checks, breadcrumbs, back routes and recents
 * are derived from this list; pages are loaded on demand (one chunk per route module).
 */
export interface RouteDef {
  /** Reference portal name, e.g. 'settings.users' (reference/connect-portal-routes.json). */
  name: string;
  path: string;
  title: string;
  /** Anonymous pages (login, password set/restore, SSO redirect): no session, no shell. */
  public?: boolean;
  /** Permission module of the page; with restrictModule the user needs it (allows()). */
  module?: string;
  restrictModule?: boolean;
  /** Account-kind visibility; undefined means visible. */
  visibleToProvider?: boolean;
  visibleToVendor?: boolean;
  visibleToDistributor?: boolean;
  visibleToReseller?: boolean;
  hideInNavMenu?: boolean;
  hideInPermissionsList?: boolean;
  /** Menu / breadcrumb parent (a route name). */
  parent?: string;
  /** Where the back arrow leads (a route name); detail pages go back to their list. */
  back?: string;
  /** Tabs of the page; the active one is the `:tab` segment. A tab's module hides it from users without it. */
  tabs?: { id: string; label: string; module?: string }[];
  component: LazyExoticComponent<ComponentType>;
}

/** Detail ids: upper-case letters, then digits and dashes (PRD-276-377-545, SU-123-456). */
export const DETAIL_ID = /^[A-Z]+-[0-9-]+$/;

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

export const ROUTES: RouteDef[] = [
  { name: 'login', path: '/login', title: 'Log in', public: true, hideInNavMenu: true, hideInPermissionsList: true,
    component: page(() => import('../modules/auth/LoginPage.tsx')) },
  { name: 'redirect', path: '/redirect', title: 'Single sign-on', public: true, hideInNavMenu: true, hideInPermissionsList: true,
    component: page(() => import('../modules/auth/RedirectPage.tsx')) },
  { name: 'password.set', path: '/password/set', title: 'Set password', public: true, hideInNavMenu: true, hideInPermissionsList: true,
    component: page(() => import('../modules/auth/PasswordSetPage.tsx')) },
  { name: 'password.restore', path: '/password/restore', title: 'Restore password', public: true, hideInNavMenu: true,
    hideInPermissionsList: true, component: page(() => import('../modules/auth/PasswordRestorePage.tsx')) },

  { name: 'dashboard', path: '/', title: 'Dashboard', hideInPermissionsList: true,
    component: page(() => import('../modules/dashboard/DashboardPage.tsx')) },
  { name: 'accounts', path: '/accounts', title: 'Accounts', hideInPermissionsList: true,
    component: page(() => import('../modules/accounts/AccountsPage.tsx')) },
  { name: 'accounts.details', path: '/accounts/:id', title: 'Account', parent: 'accounts', back: 'accounts', hideInNavMenu: true,
    component: page(() => import('../modules/accounts/AccountDetailsPage.tsx')) },

  // Catalogue (MD-0002). The product page shows one tab per part; parameter tabs have their own reference route names.
  { name: 'products', path: '/products', title: 'Products', module: 'MD-0002', restrictModule: true,
    component: page(() => import('../modules/catalog/ProductsPage.tsx')) },
  { name: 'product', path: '/products/:id/:tab?', title: 'Product', parent: 'products', back: 'products', module: 'MD-0002',
    restrictModule: true, hideInNavMenu: true,
    tabs: [
      { id: 'general', label: 'General' }, { id: 'items', label: 'Items' }, { id: 'groups', label: 'Item groups' },
      { id: 'ordering', label: 'Ordering parameters' }, { id: 'fulfillment', label: 'Fulfillment parameters' },
      { id: 'configuration', label: 'Configuration' }, { id: 'versions', label: 'Versions' },
      { id: 'localization', label: 'Localization' }, { id: 'media', label: 'Media' }, { id: 'templates', label: 'Templates' },
      { id: 'settings', label: 'Settings' },
    ],
    component: page(() => import('../modules/catalog/ProductPage.tsx')) },
  { name: 'product.items.details', path: '/products/:id/items/:itemId', title: 'Item', parent: 'product', back: 'product',
    module: 'MD-0002', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/catalog/ItemDetailsPage.tsx')) },
  { name: 'product.items.groups.details', path: '/products/:id/groups/:groupId', title: 'Item group', parent: 'product', back: 'product',
    module: 'MD-0002', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/catalog/ItemGroupDetailsPage.tsx')) },
  { name: 'product.parameters.ordering', path: '/products/:id/parameters/ordering', title: 'Ordering parameters', parent: 'products',
    back: 'products', module: 'MD-0002', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/catalog/ProductPage.tsx')) },
  { name: 'product.parameters.ordering.details', path: '/products/:id/parameters/ordering/:parameterId', title: 'Parameter',
    parent: 'product.parameters.ordering', back: 'product.parameters.ordering', module: 'MD-0002', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/catalog/parameters/ParameterDetailsPage.tsx')) },
  { name: 'product.parameters.fulfillment', path: '/products/:id/parameters/fulfillment', title: 'Fulfillment parameters',
    parent: 'products', back: 'products', module: 'MD-0002', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/catalog/ProductPage.tsx')) },
  { name: 'product.parameters.fulfillment.details', path: '/products/:id/parameters/fulfillment/:parameterId', title: 'Parameter',
    parent: 'product.parameters.fulfillment', back: 'product.parameters.fulfillment', module: 'MD-0002', restrictModule: true,
    hideInNavMenu: true, component: page(() => import('../modules/catalog/parameters/ParameterDetailsPage.tsx')) },
  { name: 'product.configuration', path: '/products/:id/configuration', title: 'Configuration', parent: 'products', back: 'products',
    module: 'MD-0002', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/catalog/ProductPage.tsx')) },
  { name: 'product.configuration.details', path: '/products/:id/configuration/:parameterId', title: 'Configuration parameter',
    parent: 'product.configuration', back: 'product.configuration', module: 'MD-0002', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/catalog/parameters/ParameterDetailsPage.tsx')) },

  // Distribution (MD-0003) and partners (MD-0010).
  { name: 'marketplaces', path: '/marketplaces', title: 'Marketplaces', module: 'MD-0003', restrictModule: true,
    component: page(() => import('../modules/distribution/MarketplacesPage.tsx')) },
  { name: 'marketplaces.details', path: '/marketplaces/:id', title: 'Marketplace', parent: 'marketplaces', back: 'marketplaces',
    module: 'MD-0003', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/distribution/MarketplaceDetailsPage.tsx')) },
  { name: 'hubs', path: '/hubs', title: 'Hubs', module: 'MD-0003', restrictModule: true, visibleToVendor: false,
    component: page(() => import('../modules/distribution/HubsPage.tsx')) },
  { name: 'hubs.details', path: '/hubs/:id', title: 'Hub', parent: 'hubs', back: 'hubs', module: 'MD-0003', restrictModule: true,
    visibleToVendor: false, hideInNavMenu: true, component: page(() => import('../modules/distribution/HubDetailsPage.tsx')) },
  { name: 'listings', path: '/listings/:tab?', title: 'Listings', module: 'MD-0003', restrictModule: true,
    tabs: [{ id: 'directory', label: 'Listings' }, { id: 'requests', label: 'Listing requests' }],
    component: page(() => import('../modules/distribution/ListingsPage.tsx')) },
  { name: 'listings.directory.details', path: '/listings/directory/:id', title: 'Listing', parent: 'listings', back: 'listings',
    module: 'MD-0003', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/distribution/ListingDetailsPage.tsx')) },
  { name: 'listings.requests.details', path: '/listings/requests/:id', title: 'Listing request', parent: 'listings', back: 'listings',
    module: 'MD-0003', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/distribution/ListingRequestDetailsPage.tsx')) },
  { name: 'partners', path: '/partners', title: 'Partners', module: 'MD-0010', restrictModule: true,
    component: page(() => import('../modules/distribution/PartnersPage.tsx')) },
  { name: 'partners.details', path: '/partners/:id', title: 'Partner', parent: 'partners', back: 'partners', module: 'MD-0010',
    restrictModule: true, hideInNavMenu: true, component: page(() => import('../modules/distribution/PartnerDetailsPage.tsx')) },
  // Customers: the provider's tier accounts (MD-0009); tier account requests (vendor accepts or ignores).
  { name: 'customers', path: '/customers/:tab?', title: 'Customers', module: 'MD-0009', restrictModule: true,
    tabs: [{ id: 'directory', label: 'Customers' }, { id: 'requests', label: 'Tier account requests' }],
    component: page(() => import('../modules/customers/CustomersPage.tsx')) },
  { name: 'customers.directory.details', path: '/customers/directory/:id', title: 'Customer', parent: 'customers', back: 'customers',
    module: 'MD-0009', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/customers/CustomerDetailsPage.tsx')) },
  { name: 'customers.requests.details', path: '/customers/requests/:id', title: 'Tier account request', parent: 'customers',
    back: 'customers', module: 'MD-0009', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/customers/TierAccountRequestDetailsPage.tsx')) },

  // Subscriptions (MD-0004): the asset directory and fulfillment requests.
  { name: 'subscriptions', path: '/subscriptions/:tab?', title: 'Subscriptions', module: 'MD-0004', restrictModule: true,
    tabs: [{ id: 'directory', label: 'Subscriptions' }, { id: 'fulfillment', label: 'Fulfillment requests' }],
    component: page(() => import('../modules/subscriptions/SubscriptionsPage.tsx')) },
  { name: 'subscriptions.directory.details', path: '/subscriptions/directory/:id', title: 'Subscription', parent: 'subscriptions',
    back: 'subscriptions', module: 'MD-0004', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/subscriptions/SubscriptionDetailsPage.tsx')) },
  { name: 'subscriptions.fulfillment.details', path: '/subscriptions/fulfillment/:id/:tab?', title: 'Fulfillment request',
    parent: 'subscriptions', back: 'subscriptions', module: 'MD-0004', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/subscriptions/RequestDetailsPage.tsx')) },
  // Tier configs: the tier-scope parameter values of resellers, and their requests.
  { name: 'tierConfigs', path: '/tier-configs/:tab?', title: 'Tier configs', module: 'MD-0004', restrictModule: true,
    tabs: [{ id: 'directory', label: 'Tier configs' }, { id: 'requests', label: 'Tier config requests' }],
    component: page(() => import('../modules/tierConfigs/TierConfigsPage.tsx')) },
  { name: 'tierConfigs.directory.details', path: '/tier-configs/directory/:id', title: 'Tier config', parent: 'tierConfigs',
    back: 'tierConfigs', module: 'MD-0004', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/tierConfigs/TierConfigDetailsPage.tsx')) },
  { name: 'tierConfigs.requests.details', path: '/tier-configs/requests/:id/:tab?', title: 'Tier config request',
    parent: 'tierConfigs', back: 'tierConfigs', module: 'MD-0004', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/tierConfigs/TierConfigRequestDetailsPage.tsx')) },

  { name: 'settings', path: '/settings', title: 'Settings', hideInPermissionsList: true,
    component: page(() => import('../modules/settings/SettingsIndexPage.tsx')) },
  // Everyone may see their own sessions; the other tabs need their module.
  { name: 'settings.users', path: '/settings/users/:tab?', title: 'Users', parent: 'settings', module: 'MD-0001',
    tabs: [
      { id: 'directory', label: 'Directory', module: 'MD-0001' }, { id: 'groups', label: 'Groups', module: 'MD-0001' },
      { id: 'policies', label: 'Policies', module: 'MD-0001' }, { id: 'tokens', label: 'API tokens', module: 'MD-0014' },
      { id: 'sessions', label: 'Sessions' },
    ],
    component: page(() => import('../modules/settings/UsersSettingsPage.tsx')) },
  { name: 'settings.users.tokens.details', path: '/settings/users/tokens/:id', title: 'API token', parent: 'settings.users',
    back: 'settings.users', module: 'MD-0014', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/settings/TokenDetailsPage.tsx')) },
  { name: 'settings.users.directory.details', path: '/settings/users/directory/:id', title: 'User', parent: 'settings.users',
    back: 'settings.users', module: 'MD-0001', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/settings/users/MemberDetailsPage.tsx')) },
  { name: 'settings.users.groups.details', path: '/settings/users/groups/:id', title: 'Group', parent: 'settings.users',
    back: 'settings.users', module: 'MD-0001', restrictModule: true, hideInNavMenu: true,
    component: page(() => import('../modules/settings/groups/GroupDetailsPage.tsx')) },
  { name: 'settings.branding', path: '/settings/branding', title: 'Branding', parent: 'settings', module: 'MD-0011', restrictModule: true,
    component: page(() => import('../modules/settings/BrandingPage.tsx')) },
  { name: 'settings.email', path: '/settings/email', title: 'E-mail', parent: 'settings', module: 'MD-0007', restrictModule: true,
    component: page(() => import('../modules/settings/EmailPage.tsx')) },
  { name: 'settings.reports', path: '/settings/reports', title: 'Reports', parent: 'settings', module: 'MD-0008', restrictModule: true,
    component: page(() => import('../modules/settings/ReportsPage.tsx')) },

  { name: 'userProfile', path: '/profile', title: 'Profile', hideInNavMenu: true, hideInPermissionsList: true,
    component: page(() => import('../modules/profile/UserProfilePage.tsx')) },
  // Catch-all: receives the original path (also the target of a detail page's 404).
  { name: 'notFound', path: '/not-found/*', title: 'Page not found', hideInNavMenu: true, hideInPermissionsList: true,
    component: page(() => import('../modules/errors/NotFoundPage.tsx')) },
];

const byName = new Map<string, RouteDef>();
for (const r of ROUTES) {
  if (byName.has(r.name)) throw new Error(`Route ${r.name} is registered twice`);
  byName.set(r.name, r);
}

export function routeByName(name: string): RouteDef {
  const r = byName.get(name);
  if (!r) throw new Error(`Unknown route ${name}`);
  return r;
}

/** The route of that name, or undefined when no such page exists (yet). */
export function findRoute(name: string): RouteDef | undefined {
  return byName.get(name);
}

/**
 * The URL of a named route: `pathTo('accounts.details', {id: 'VA-123'})`. Optional params are
 * dropped when missing; a missing required one throws (a programming error).
 */
export function pathTo(name: string, params: Record<string, string | undefined> = {}): string {
  const path = routeByName(name).path.replace(/\/:(\w+)(\?)?/g, (_, key: string, optional?: string) => {
    const v = params[key];
    if (v === undefined || v === '') {
      if (optional) return '';
      throw new Error(`Route ${name} needs ${key}`);
    }
    return `/${encodeURIComponent(v)}`;
  }).replace(/\/\*$/, params['*'] ? `/${params['*'].replace(/^\//, '')}` : '');
  return path || '/';
}

/** Where a page that cannot show `originalPath` sends the user. */
export function notFoundPath(originalPath: string): string {
  return `/not-found${originalPath.startsWith('/') ? originalPath : `/${originalPath}`}`;
}

/** Parents of a route, outermost first (for breadcrumbs). */
export function ancestors(route: RouteDef): RouteDef[] {
  const out: RouteDef[] = [];
  for (let p = route.parent; p; p = byName.get(p)?.parent) {
    const r = byName.get(p);
    if (!r || out.includes(r)) break;
    out.unshift(r);
  }
  return out;
}

/** Top-level menu entries and their children, in registry order. */
export function menuTree(routes: RouteDef[] = ROUTES): { route: RouteDef; children: RouteDef[] }[] {
  const visible = routes.filter((r) => !r.public && !r.hideInNavMenu && r.name !== 'notFound');
  return visible.filter((r) => !r.parent).map((route) => ({ route, children: visible.filter((c) => c.parent === route.name) }));
}
