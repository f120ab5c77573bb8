import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itemMachine, type Item } from '@trellis/domain/catalog/item';
import { offeredActions, type Viewer } from '@trellis/domain/resource/machine';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { listBody } from '../identity/testing.tsx';
// the page loads lazily in the portal: load it before the clock of the first assertion starts
import './ItemDetailsPage.tsx';
import { itemFixture, PRODUCT_ID, productFixture } from './common/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ITEMS = `/products/${PRODUCT_ID}/items`;
const ITEM = `${ITEMS}/${itemFixture.id}`;
const header = () => screen.getByRole('heading', { level: 1 }).parentElement!;

describe('item status actions', () => {
  const vendor: Viewer = { side: 'vendor', accountId: VENDOR_CONTEXT.account.id };
  const offered = (i: Pick<Item, 'status' | 'type' | 'dynamic'>, v = vendor) =>
    offeredActions(itemMachine, { ...(itemFixture as Item), ...i }, v).map((a) => a.name);

  it('offer what the state allows: end of sale when published, resume when ended, dynamic for pay-per-use only', () => {
    expect(offered({ status: 'draft', type: 'reservation', dynamic: false })).toEqual([]);
    expect(offered({ status: 'published', type: 'reservation', dynamic: false })).toEqual(['endsale']);
    expect(offered({ status: 'endofsale', type: 'ppu', dynamic: false })).toEqual(['resumesale', 'dynamic']);
    expect(offered({ status: 'published', type: 'ppu', dynamic: true })).toEqual(['endsale', 'undynamic']);
    // providers read the catalogue: nothing to run
    expect(
      offered({ status: 'published', type: 'ppu', dynamic: false }, { side: 'provider', accountId: 'PA-1' }),
    ).toEqual([]);
  });

  it('end of sale from the item page posts the notes, then the page shows the new status', async () => {
    let status = 'published';
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      [`GET /products/${PRODUCT_ID}`]: () => ({ body: productFixture }),
      [`GET ${ITEM}`]: () => ({ body: { ...itemFixture, status } }),
      [`GET ${ITEMS}`]: () => listBody([{ ...itemFixture, status }]),
      [`POST ${ITEM}/endsale`]: () => {
        status = 'endofsale';
        return { body: { ...itemFixture, status } };
      },
    });
    renderPortal(`/products/${PRODUCT_ID}/items/${itemFixture.id}`);
    await waitFor(() => expect(within(header()).getByText('Published')).toBeTruthy());
    fireEvent.click(within(header()).getByRole('button', { name: 'End of sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'End of sale: Backup 100 GB' });
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: 'Replaced by the 1 TB plan' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End sale' }));

    await waitFor(() => expect(within(header()).getByText('End of sale')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      end_of_sale_notes: 'Replaced by the 1 TB plan',
      replacement: null,
    });
    expect(await screen.findByText('End of sale: Backup 100 GB (PRD-111-222-333-0001).')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'GET' && c.path === ITEM).length).toBeGreaterThanOrEqual(2);
    // what it was replaced by and why are on the page
    expect(within(header()).queryByRole('button', { name: 'End of sale' })).toBeNull();
    expect(within(header()).getByRole('button', { name: 'Resume sale' })).toBeTruthy();
  });

  it('reads type, period, quantity and precision as the catalogue does', async () => {
    mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      [`GET /products/${PRODUCT_ID}`]: () => ({ body: productFixture }),
      [`GET ${ITEM}`]: () => ({ body: { ...itemFixture, type: 'ppu', precision: 'decimal(1)' } }),
    });
    renderPortal(`/products/${PRODUCT_ID}/items/${itemFixture.id}`);
    expect(await screen.findByText('Pay-as-you-go')).toBeTruthy();
    expect(screen.getByText('Recurring')).toBeTruthy();
    expect(screen.getByText('Unlimited')).toBeTruthy();
    expect(screen.getByText('1 decimal')).toBeTruthy();
    expect(screen.getByText('1 month')).toBeTruthy();
  });
});
