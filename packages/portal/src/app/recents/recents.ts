import { RECENTS_LIMIT } from '@trellis/domain/format/constants';
import type { RouteDef } from '../routes.ts';

/** One recently visited page (stored in the user's per-account "recents" setting). */
export interface RecentEntry {
  type: 'page' | 'section';
  /** What the user reads: page title, or "Section: Tab". */
  name: string;
  /** The URL (path + search) that reopens it. */
  route: string;
  /** Route name of the home page the entry belongs to, e.g. 'settings.users'. */
  section: string;
}

/** The entry for a visit, or null when the page is not one to remember (hidden from the menu, public). */
export function recentFor(route: RouteDef, url: string, tab?: string | null): RecentEntry | null {
  if (route.public || route.hideInNavMenu) return null;
  const tabDef = tab ? route.tabs?.find((t) => t.id === tab) : undefined;
  if (tabDef) return { type: 'section', name: `${route.title}: ${tabDef.label}`, route: url, section: route.name };
  return { type: 'page', name: route.title, route: url, section: route.name };
}

/** Adds `entry` on top: distinct by URL, newest first, at most 7. */
export function pushRecent(
  list: readonly RecentEntry[],
  entry: RecentEntry | null,
  limit = RECENTS_LIMIT,
): RecentEntry[] {
  if (!entry) return list.slice(0, limit);
  return [entry, ...list.filter((e) => e.route !== entry.route)].slice(0, limit);
}

/** Keeps only well-formed entries of a stored value (the setting is free-form JSON). */
export function sanitizeRecents(value: unknown): RecentEntry[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (e): e is RecentEntry =>
        !!e &&
        typeof e === 'object' &&
        (e.type === 'page' || e.type === 'section') &&
        typeof e.name === 'string' &&
        typeof e.route === 'string' &&
        typeof e.section === 'string',
    )
    .slice(0, RECENTS_LIMIT);
}
