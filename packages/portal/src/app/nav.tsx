import { createContext, forwardRef, useContext, useEffect, useMemo, type AnchorHTMLAttributes } from 'react';

/**
 * Navigation as the public pages see it (login, password set and restore, sign-up, SSO redirect, e-mail confirm).
 * They render in two places: in the public start (app/Start.tsx), which shows them without React Router so the login
 * page's JavaScript does not carry it, and under React Router once the portal has loaded it (app/router.tsx). Each
 * provides this context; the pages import nothing from react-router.
 */
export interface Nav {
  pathname: string;
  search: string;
  /** `to`: a path of this site, e.g. `/login?next=%2F`. */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** About to leave the public pages (e.g. a sign-in is sent): start fetching what the signed-in portal needs. */
  preloadApp(): void;
}

export const NavContext = createContext<Nav | null>(null);

export function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('useNav outside a NavContext provider');
  return nav;
}

/** The query string's parameters (read only). */
export function useSearchParams(): URLSearchParams {
  const { search } = useNav();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** A link to a page of this site, followed in place (a click with a modifier key or another target opens as usual). */
export const NavLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }>(
  function NavLink({ to, onClick, ...props }, ref) {
    const { navigate } = useNav();
    return (
      <a
        ref={ref}
        href={to}
        {...props}
        onClick={(e) => {
          onClick?.(e);
          if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
          if (props.target && props.target !== '_self') return;
          e.preventDefault();
          navigate(to);
        }}
      />
    );
  },
);

/** Replace the current page by another once rendered (React Router's `<Navigate replace>`). */
export function Redirect({ to }: { to: string }) {
  const { navigate } = useNav();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}
