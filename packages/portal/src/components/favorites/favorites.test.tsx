import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Favorite } from '@trellis/domain/favorites/favorite';
import type { Post } from '@trellis/domain/news/post';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { listBody } from '../../modules/identity/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const at = '2026-11-20T10:00:00Z';
const post: Post = {
  id: 'NWS-111-222-333',
  creator: { id: 'PA-100-200', name: 'Demo Provider' },
  status: 'published',
  audience: 'vendor',
  anonymous: false,
  version: 1,
  title: 'Price review',
  subtitle: '',
  content: 'Prices change.',
  events: { created: { at }, updated: { at }, published: { at } },
};

describe('favorites', () => {
  it('are marked with the star of a page, listed in the navigation, and unmarked again', async () => {
    let marks: Favorite[] = [];
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /news/NWS-111-222-333': () => ({ body: post }),
      'GET /news/NWS-111-222-333/versions': () => listBody([]),
      'GET /favorites': () => listBody(marks),
      'POST /favorites': (c) => {
        const body = c.body as { object: { id: string; resource: string }; route: string };
        const mark: Favorite = {
          id: 'FV-0001-0001',
          object: { ...body.object, name: post.title },
          route: body.route,
          account: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
          user: { id: VENDOR_CONTEXT.user!.id, name: 'Vera Vendor' },
          created: at,
          events: {},
        };
        marks = [mark];
        return { status: 201, body: mark };
      },
      'DELETE /favorites/FV-0001-0001': () => {
        marks = [];
        return { status: 204 };
      },
    });
    renderPortal('/news/posts/NWS-111-222-333');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Price review to favorites' }));
    const nav = await screen.findByRole('navigation', { name: 'Favorites' });
    const link = within(nav).getByRole('link', { name: 'Price review' });
    expect(link.getAttribute('href')).toBe('/news/posts/NWS-111-222-333');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      object: { id: 'NWS-111-222-333', resource: 'news-post' },
      route: '/news/posts/NWS-111-222-333',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Price review from favorites' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Favorites' })).toBeNull());
  });
});
