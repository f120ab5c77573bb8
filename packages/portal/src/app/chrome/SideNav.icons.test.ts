import { describe, expect, it } from 'vitest';
import { menuTree } from '../routes.ts';
import { ICONS } from './SideNav.tsx';

describe('side navigation', () => {
  it('has an icon for every top-level menu entry (an entry without one renders like a sub-item)', () => {
    const missing = menuTree()
      .map((e) => e.route.name)
      .filter((name) => !ICONS[name]);
    expect(missing).toEqual([]);
  });
});
