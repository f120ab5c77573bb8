import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthContext } from '../../../app/session/types.ts';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { productFixture, PROVIDER } from '../../catalog/common/testing.tsx';
import { listBody } from '../../identity/testing.tsx';
import { assetFixture, requestFixture } from './directory/fixtures.ts';

// The route loads the page lazily: transform it once up front so the first test does not spend its wait on that.
beforeAll(async () => {
  await import('./SubscriptionsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function api(context: AuthContext) {
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    'GET /subscriptions/assets': () =>
      listBody([
        assetFixture(),
        assetFixture({
          id: 'AS-9999-0000-1111',
          status: 'suspended',
          connection: { ...assetFixture().connection, type: 'test' },
        }),
      ]),
    'GET /requests': () =>
      listBody([requestFixture({ assignee: { id: VENDOR_CONTEXT.user!.id, name: 'Vera Vendor' } })]),
    'GET /products': () => listBody([{ ...productFixture, name: 'Cloud Mail Pro' }]),
    'GET /marketplaces': () => listBody([]),
    'GET /tier/accounts': () => listBody([]),
  });
}

const lastCall = (calls: ReturnType<typeof api>, path: string) => calls.filter((c) => c.path === path).at(-1)!;

describe('subscriptions page', () => {
  it('lists the provider\'s subscriptions with product, customer and status, marks test ones, and offers "New purchase"', async () => {
    api(PROVIDER);
    renderPortal('/subscriptions');
    const table = await screen.findByRole('table', { name: 'Subscription' });
    const row = (await within(table).findByText('AS-1234-5678-9012')).closest('tr')!;
    expect(within(row).getByText('Cloud Mail Pro')).toBeTruthy();
    expect(within(row).getByText('Fabrikam GmbH')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const testRow = within(table).getByText('AS-9999-0000-1111').closest('tr')!;
    expect(within(testRow).getByText('Test')).toBeTruthy();
    expect(within(testRow).getByText('Suspended')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New purchase' })).toBeTruthy();
  });

  it('opens a subscription from its row', async () => {
    api(PROVIDER);
    const { router } = renderPortal('/subscriptions/directory');
    fireEvent.click(await screen.findByText('AS-1234-5678-9012'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions/directory/AS-1234-5678-9012'));
  });

  it('filters subscriptions by product with the product picker', async () => {
    const calls = api(VENDOR_CONTEXT);
    renderPortal('/subscriptions/directory');
    await screen.findByRole('table', { name: 'Subscription' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Product' }));
    fireEvent.click(await screen.findByRole('option', { name: /Cloud Mail Pro/ }));
    await waitFor(() =>
      expect(lastCall(calls, '/subscriptions/assets').query).toContain('in(product.id,(PRD-111-222-333))'),
    );
  });

  it('shows the vendor its fulfillment requests with no status filter, and "Assigned to me" narrows them to its own', async () => {
    const calls = api(VENDOR_CONTEXT);
    renderPortal('/subscriptions/fulfillment');
    const table = await screen.findByRole('table', { name: 'Request' });
    const row = (await within(table).findByText('PR-1234-5678-9012-001')).closest('tr')!;
    expect(within(row).getByText('Purchase')).toBeTruthy();
    expect(within(row).getByText('Vera Vendor')).toBeTruthy();
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(lastCall(calls, '/requests').query).not.toContain('status');
    expect(screen.queryByRole('button', { name: 'New purchase' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Assigned to me' }));
    await waitFor(() =>
      expect(lastCall(calls, '/requests').query).toContain(`eq(assignee.id,${VENDOR_CONTEXT.user!.id})`),
    );
  });

  it('remembers "Assigned to me" with the page filters', async () => {
    const calls = api(VENDOR_CONTEXT);
    renderPortal('/subscriptions/fulfillment');
    await screen.findByRole('table', { name: 'Request' });
    fireEvent.click(screen.getByRole('switch', { name: 'Assigned to me' }));
    await waitFor(() => expect(lastCall(calls, '/requests').query).toContain('eq(assignee.id,'));
    cleanup();
    const again = api(VENDOR_CONTEXT);
    renderPortal('/subscriptions/fulfillment');
    await screen.findByRole('table', { name: 'Request' });
    expect((screen.getByRole('switch', { name: 'Assigned to me' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect(lastCall(again, '/requests').query).toContain(`eq(assignee.id,${VENDOR_CONTEXT.user!.id})`),
    );
  });
});
