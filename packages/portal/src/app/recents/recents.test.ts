import { describe, expect, it } from 'vitest';
import { routeByName } from '../routes.ts';
import { pushRecent, recentFor, sanitizeRecents, type RecentEntry } from './recents.ts';

const page = (n: number): RecentEntry => ({ type: 'page', name: `Page ${n}`, route: `/p/${n}`, section: 'x' });

describe('recents', () => {
  it('puts the newest first and keeps pages distinct', () => {
    const list = [page(1), page(2), page(3)];
    expect(pushRecent(list, page(2)).map((e) => e.route)).toEqual(['/p/2', '/p/1', '/p/3']);
  });

  it('keeps at most 7', () => {
    let list: RecentEntry[] = [];
    for (let i = 1; i <= 10; i++) list = pushRecent(list, page(i));
    expect(list).toHaveLength(7);
    expect(list[0].route).toBe('/p/10');
    expect(list[6].route).toBe('/p/4');
  });

  it('skips pages hidden from the navigation menu and public pages', () => {
    expect(recentFor(routeByName('accounts.details'), '/accounts/VA-1')).toBeNull();
    expect(recentFor(routeByName('userProfile'), '/profile')).toBeNull();
    expect(recentFor(routeByName('login'), '/login')).toBeNull();
    expect(pushRecent([page(1)], null)).toEqual([page(1)]);
  });

  it('records a tab as a section of its page', () => {
    expect(recentFor(routeByName('settings.users'), '/settings/users/tokens', 'tokens')).toEqual({
      type: 'section',
      name: 'Users: API tokens',
      route: '/settings/users/tokens',
      section: 'settings.users',
    });
    expect(recentFor(routeByName('dashboard'), '/')).toEqual({
      type: 'page',
      name: 'Dashboard',
      route: '/',
      section: 'dashboard',
    });
  });

  it('accepts only well-formed stored entries', () => {
    expect(sanitizeRecents({ not: 'a list' })).toEqual([]);
    expect(sanitizeRecents([page(1), { type: 'other', name: 'x', route: '/', section: 's' }, null, 'x'])).toEqual([
      page(1),
    ]);
  });
});
