import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { canAccess } from '../../../app/access.ts';
import { pathTo, routeByName } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';

/** A link to another object's page, or plain text when this user has no such page (`to` undefined). */
export function RefLink({ to, children }: { to?: string; children: ReactNode }) {
  if (!to) return <>{children}</>;
  return (
    <Link component={RouterLink} to={to} underline="hover" onClick={(e) => e.stopPropagation()}>
      {children}
    </Link>
  );
}

/** `urlOf('hubs.details', {id})`: the page's URL, or undefined when this user may not open that page. */
export function useRouteUrl() {
  const auth = useAuth();
  return (name: string, params: Record<string, string>) =>
    canAccess(routeByName(name), auth) ? pathTo(name, params) : undefined;
}

/** "Name (ID)" for a reference to another object. */
export const refText = (ref: { id: string; name?: string } | null | undefined) =>
  ref ? (ref.name ? `${ref.name} (${ref.id})` : ref.id) : null;
