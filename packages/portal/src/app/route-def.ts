import type { QueryClient } from '@tanstack/react-query';
import { createElement, lazy, type ComponentType } from 'react';
import type { AuthContext } from './session/types.ts';

export interface RouteDef {
  /** Reference portal name, e.g. 'settings.users' (reference/connect-portal-routes.json). */
  name: string;
  path: string;
  title: string;
  /** Anonymous pages (login, password set/restore, SSO redirect): no session, no shell. */
  public?: boolean;
  /**
   * A public page the portal's start shows without React Router or the query cache (app/Start.tsx): it imports
   * neither (its links and navigation are app/nav.tsx's), and its path has no parameters.
   */
  start?: boolean;
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
  /**
   * The page's first data, asked for on a first load of the page as soon as the session is known (beside its code),
   * not once the page has rendered: the same query options the page then uses, so it finds the answer cached.
   */
  prefetch?: (client: QueryClient, context: AuthContext) => Promise<unknown>;
}

/** A page's lazily loaded component; `preload` fetches its code before it renders (see app/router.tsx). */
export type PageComponent = ComponentType & { preload?: () => Promise<unknown> };

type PageModule = { default: ComponentType };

/**
 * A page loaded on demand (one chunk per route module). Once its code is in (preloaded beside the session, or shown
 * before), the page renders at once: a React.lazy component suspends on its first render even when its module has
 * arrived, and each such fallback held the page back (React reveals a boundary's content at most every 300 ms).
 */
export function page(load: () => Promise<PageModule>): PageComponent {
  let loaded: PageModule | null = null;
  let loading: Promise<PageModule> | null = null;
  const once = () =>
    (loading ??= load().then(
      (m) => (loaded = m),
      (err: unknown) => {
        loading = null; // offline: asked again on the next attempt
        throw err;
      },
    ));
  const Lazy = lazy(once);
  function Page() {
    const Loaded = loaded?.default;
    return createElement(Loaded ?? Lazy);
  }
  return Object.assign(Page, { preload: once });
}
