import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import type { AuthContext } from '../../app/session/types.ts';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';
import { listingFixture, requestFixture } from './common/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function api(context: AuthContext) {
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    'GET /listings': () =>
      listBody([listingFixture({ pending_request: { id: 'LSTR-9', type: 'remove', status: 'reviewing' } })]),
    'GET /listing-requests': () => listBody([requestFixture({ status: 'reviewing', state: 'reviewing' })]),
  });
}

describe('listings page', () => {
  it('shows the vendor its listings with the provider, the status and the request in progress, and offers "Request listing"', async () => {
    api(VENDOR_CONTEXT);
    renderPortal('/listings');
    const table = await screen.findByRole('table', { name: 'Listing' });
    const row = (await within(table).findByText('Cloud Backup')).closest('tr')!;
    expect(within(row).getByText('Listed')).toBeTruthy();
    expect(within(row).getByText('Demo Provider')).toBeTruthy();
    expect(within(row).getByText('Remove · Reviewing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request listing' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Assigned to me' })).toBeNull();
  });

  it('gives the provider "Assigned to me" on its requests, filtering by its own user id, and no "Request listing"', async () => {
    const calls = api(PROVIDER);
    renderPortal('/listings/requests');
    const table = await screen.findByRole('table', { name: 'Listing request' });
    expect(await within(table).findByText('LSTR-123-456')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request listing' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Assigned to me' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/listing-requests' && c.query.includes(`eq(assignee.id,${PROVIDER.user!.id})`)),
      ).toBe(true),
    );
  });
});
