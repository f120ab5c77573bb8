import { describe, expect, it } from 'vitest';
import { canAccess, visibleToAccount, type AccessSubject } from './access.ts';
import { DETAIL_ID, ROUTES, menuTree, pathTo, routeByName, type RouteDef } from './routes.ts';

const vendor = (permissions: string[]): AccessSubject => ({
  account: { type: 'vendor', role: 'vendor', roles: ['vendor'] },
  permissions,
});
const provider = (roles: string[], permissions = ['MD-0000']): AccessSubject => ({
  account: { type: 'provider', role: roles[0], roles },
  permissions,
});
const route = (extra: Partial<RouteDef>): RouteDef => ({ ...routeByName('dashboard'), name: 'test', ...extra });

describe('route access', () => {
  it('public pages are open to everyone, others need a session', () => {
    expect(canAccess(routeByName('login'), null)).toBe(true);
    expect(canAccess(routeByName('dashboard'), null)).toBe(false);
    expect(canAccess(routeByName('dashboard'), vendor([]))).toBe(true);
  });

  it('restricted pages need their module; MD-0000 grants all', () => {
    const tokens = routeByName('settings.users.tokens.details');
    expect(canAccess(tokens, vendor([]))).toBe(false);
    expect(canAccess(tokens, vendor(['MD-0014']))).toBe(true);
    expect(canAccess(tokens, vendor(['MD-0000']))).toBe(true);
    expect(canAccess(tokens, vendor(['MD-0001']))).toBe(false);
  });

  it('MD-0023 (helpdesk) is always allowed', () => {
    expect(canAccess(route({ module: 'MD-0023', restrictModule: true }), vendor([]))).toBe(true);
  });

  it('a module without restrictModule does not block the page', () => {
    expect(canAccess(route({ module: 'MD-0006' }), vendor([]))).toBe(true);
  });

  it('visibility flags follow the account type and the provider roles', () => {
    const vendorOnly = route({ visibleToProvider: false });
    expect(visibleToAccount(vendorOnly, vendor([]).account)).toBe(true);
    expect(canAccess(vendorOnly, provider(['distributor']))).toBe(false);
    const notForResellers = route({ visibleToReseller: false });
    expect(canAccess(notForResellers, provider(['reseller']))).toBe(false);
    expect(canAccess(notForResellers, provider(['distributor', 'reseller']))).toBe(true);
    expect(canAccess(route({ visibleToVendor: false }), vendor(['MD-0000']))).toBe(false);
  });
});

describe('route registry', () => {
  it('names are unique and paths resolve', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(pathTo('settings.users', { tab: 'tokens' })).toBe('/settings/users/tokens');
    expect(pathTo('settings.users')).toBe('/settings/users');
    expect(pathTo('accounts.details', { id: 'VA-123-456' })).toBe('/accounts/VA-123-456');
    expect(() => pathTo('accounts.details')).toThrow();
  });

  it('detail ids are upper-case letters then digits and dashes', () => {
    for (const id of ['PRD-276-377-545', 'PR-7658-9572-0778-001', 'SU-1']) expect(DETAIL_ID.test(id)).toBe(true);
    for (const id of ['prd-1', 'PRD', 'PRD-12a', '../x']) expect(DETAIL_ID.test(id)).toBe(false);
  });

  it('the menu leaves out hidden and public pages and nests children', () => {
    const tree = menuTree();
    const names = tree.map((e) => e.route.name);
    expect(names).toEqual([
      'dashboard',
      'accounts',
      'products',
      'marketplaces',
      'hubs',
      'listings',
      'partners',
      'leads',
      'customers',
      'subscriptions',
      'usages',
      'tierConfigs',
      'news',
      'helpdesk',
      'reports',
      'integrations',
      'settings',
    ]);
    expect(tree.find((e) => e.route.name === 'settings')!.children.map((c) => c.name)).toEqual([
      'settings.users',
      'settings.branding',
      'settings.sla',
      'settings.email',
      'settings.reports',
    ]);
    expect(tree.find((e) => e.route.name === 'integrations')!.children.map((c) => c.name)).toEqual([
      'integrations.webhooks',
    ]);
  });
});

describe('public routes', () => {
  it('the router knows every public route of the registry from the start (app/public-routes.ts)', async () => {
    const { PUBLIC_ROUTES } = await import('./public-routes.ts');
    expect(PUBLIC_ROUTES.map((r) => r.name).sort()).toEqual(
      ROUTES.filter((r) => r.public)
        .map((r) => r.name)
        .sort(),
    );
  });
});
