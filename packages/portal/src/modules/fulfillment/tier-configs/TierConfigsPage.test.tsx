import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthContext } from '../../../app/session/types.ts';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { PROVIDER } from '../../catalog/common/testing.tsx';
import { listBody } from '../../identity/testing.tsx';
import { configFixture, tcrFixture } from './testing.ts';

// The route loads the page lazily: transform it once up front so the first test does not spend its wait on that.
beforeAll(async () => {
  await import('./TierConfigsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function api(context: AuthContext) {
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    'GET /tier/configs': () => listBody([configFixture({ open_request: { id: 'TCR-111-222-333-002' } })]),
    'GET /tier/config-requests': () =>
      listBody([tcrFixture({ assignee: { id: VENDOR_CONTEXT.user!.id, name: 'Vera Vendor' } })]),
  });
}

describe('tier configs page', () => {
  it('lists the configs with reseller, level, the other party and the open request; a row opens the config', async () => {
    api(VENDOR_CONTEXT);
    const { router } = renderPortal('/tier-configs');
    const table = await screen.findByRole('table', { name: 'Tier configuration' }, { timeout: 10_000 });
    const row = (await within(table).findByText('Alpine IT Partners', {}, { timeout: 10_000 })).closest('tr')!;
    expect(row.textContent).toContain('T1');
    expect(row.textContent).toContain('Cloud Backup');
    expect(row.textContent).toContain('Demo Provider');
    expect(row.textContent).toContain('TCR-111-222-333-002');
    expect(within(row).getByText('Active')).toBeTruthy();
    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tier-configs/directory/TC-111-222-333'));
  });

  it('shows the provider the vendor of each config', async () => {
    api(PROVIDER);
    renderPortal('/tier-configs/directory');
    const row = (await screen.findByText('Alpine IT Partners')).closest('tr')!;
    expect(row.textContent).toContain('Demo Vendor');
    expect(row.textContent).not.toContain('Demo Provider');
  });

  it('lists the requests; the vendor filters them to those assigned to it', async () => {
    const calls = api(VENDOR_CONTEXT);
    const { router } = renderPortal('/tier-configs/requests');
    const table = await screen.findByRole('table', { name: 'Tier configuration request' });
    const row = (await within(table).findByText('TCR-111-222-333-001')).closest('tr')!;
    expect(row.textContent).toContain('Setup');
    expect(row.textContent).toContain('Vera Vendor');
    expect(within(row).getByText('Pending')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Assigned to me' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.path === '/tier/config-requests' && c.query.includes(`eq(assignee.id,${VENDOR_CONTEXT.user!.id})`),
        ),
      ).toBe(true),
    );
    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tier-configs/requests/TCR-111-222-333-001'));
  });

  it('gives the provider no "Assigned to me" (only vendors are assigned)', async () => {
    api(PROVIDER);
    renderPortal('/tier-configs/requests');
    expect(await screen.findByText('TCR-111-222-333-001')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Assigned to me' })).toBeNull();
  });
});
