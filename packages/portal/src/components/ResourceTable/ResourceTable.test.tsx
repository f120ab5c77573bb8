import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@trellis/domain/news/post';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { listBody } from '../../modules/identity/testing.tsx';
import { FIRST_ROWS } from './ResourceTable.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const at = '2026-11-20T10:00:00Z';
const post = (i: number): Post => ({
  id: `NWS-111-222-${String(i).padStart(3, '0')}`,
  creator: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
  status: 'published',
  audience: 'vendor',
  anonymous: false,
  version: 1,
  title: `Post ${String(i).padStart(3, '0')}`,
  subtitle: '',
  content: 'Text',
  events: { created: { at }, updated: { at }, published: { at } },
});

describe('a long page of a list', () => {
  it('shows every row, in order, in one table (the rows after the first screenful follow in the background)', async () => {
    const n = FIRST_ROWS * 2 + 3;
    mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /news': () => listBody(Array.from({ length: n }, (_, i) => post(i))),
    });
    const { router } = renderPortal('/news');
    const table = await screen.findByRole('table', { name: 'News post' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(n + 1));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByText(/^Post \d+$/).textContent)).toEqual(
      Array.from({ length: n }, (_, i) => `Post ${String(i).padStart(3, '0')}`),
    );
    // a row past the first chunk opens its object like the others
    fireEvent.click(rows[n - 1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/news/posts/${post(n - 1).id}`));
  });
});
