import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test-utils.tsx';
import { listBody } from '../../settings/testing.tsx';
import { itemFixture, PRODUCT_ID, renderSignedIn } from '../common/testing.tsx';
import { itemActions } from './ItemActions.tsx';
import { ItemsTab } from './ItemsTab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ITEMS = `/products/${PRODUCT_ID}/items`;

describe('item status actions', () => {
  it('offer what the state allows: end of sale when published, resume when ended, dynamic for pay-per-use only', () => {
    expect(itemActions({ status: 'draft', type: 'reservation', dynamic: false })).toEqual([]);
    expect(itemActions({ status: 'published', type: 'reservation', dynamic: false })).toEqual(['endsale']);
    expect(itemActions({ status: 'endofsale', type: 'ppu', dynamic: false })).toEqual(['resumesale', 'dynamic']);
    expect(itemActions({ status: 'published', type: 'ppu', dynamic: true })).toEqual(['endsale', 'undynamic']);
  });

  it('end of sale posts the notes and refetches the items, which then show the new status', async () => {
    let status = 'published';
    const calls = mockApi({
      [`GET ${ITEMS}`]: () => listBody([{ ...itemFixture, status }]),
      [`POST ${ITEMS}/${itemFixture.id}/endsale`]: () => {
        status = 'endofsale';
        return { body: { ...itemFixture, status } };
      },
    });
    renderSignedIn(<ItemsTab productId={PRODUCT_ID} readOnly={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Backup 100 GB' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'End of sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'End of sale: Backup 100 GB' });
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: 'Replaced by the 1 TB plan' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End sale' }));

    expect(await screen.findByText('End of sale')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ end_of_sale_notes: 'Replaced by the 1 TB plan', replacement: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'GET' && c.path === ITEMS).length).toBeGreaterThanOrEqual(2);
  });
});
