import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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
  /** Position of a top-level page in the menu (areas register in any order). */
  navOrder?: number;
  hideInPermissionsList?: boolean;
  /** Menu / breadcrumb parent (a route name). */
  parent?: string;
  /** Where the back arrow leads (a route name); detail pages go back to their list. */
  back?: string;
  /** Tabs of the page; the active one is the `:tab` segment. A tab's module hides it from users without it. */
  tabs?: { id: string; label: string; module?: string }[];
  component: PageComponent;
}

/** A page's lazily loaded component; `preload` fetches its code before it renders (see app/router.tsx). */
export type PageComponent = LazyExoticComponent<ComponentType> & { preload?: () => Promise<unknown> };

/** A page loaded on demand (one chunk per route module). */
export const page = (load: () => Promise<{ default: ComponentType }>): PageComponent =>
  Object.assign(lazy(load), { preload: load });
