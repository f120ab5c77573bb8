import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { configFixture, param, tcrFixture } from './testing.ts';

// The route loads the page lazily: transform it once up front so the first test does not spend its wait on that.
beforeAll(async () => {
  await import('./TierConfigDetailsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const config = configFixture({
  open_request: { id: 'TCR-111-222-333-002' },
  params: [
    param({ id: 't1_reseller_code', title: 'Reseller code', value: 'ALP-1' }),
    param({ id: 't1_secret', title: 'Portal password', type: 'password', value: 'hunter2' }),
    param({
      id: 't1_account',
      title: 'Vendor account',
      phase: 'fulfillment',
      value: null,
      value_error: 'Unknown account',
    }),
  ],
});

function api() {
  return mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    [`GET /tier/configs/${config.id}`]: () => ({ body: config }),
    'GET /tier/config-requests': () => listBody([tcrFixture({ status: 'approved' })]),
  });
}

describe('tier config details', () => {
  it('shows the reseller with its contact, the level, the product and the open request', async () => {
    api();
    renderPortal(`/tier-configs/directory/${config.id}`);
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main.textContent).toContain('Alpine IT Partners (TA-1000-0000-0001)'));
    expect(main.textContent).toContain('lukas@alpine.example');
    expect(main.textContent).toContain('+41 44 2345678');
    const externalId = within(main).getByText('External ID');
    expect(externalId.nextElementSibling?.textContent).toBe('ALPINE-IT');
    expect(within(main).getByText('T1')).toBeTruthy();
    expect(main.textContent).toContain('Cloud Backup (PRD-111-222-333)');
    // a field declared hideEmpty is left out while it holds nothing (no template yet), not shown as a dash
    expect(within(main).queryByText('Template')).toBeNull();
    expect(within(main).getByRole('link', { name: 'TCR-111-222-333-002' }).getAttribute('href')).toBe(
      '/tier-configs/requests/TCR-111-222-333-002',
    );
  });

  it('shows the values read-only by phase, hiding passwords, with the marked errors', async () => {
    api();
    renderPortal(`/tier-configs/directory/${config.id}?tab=parameters`);
    const ordering = await screen.findByRole('region', { name: 'Ordering parameters' });
    expect(ordering.textContent).toContain('Reseller codeALP-1');
    expect(ordering.textContent).not.toContain('hunter2');
    const fulfillment = screen.getByRole('region', { name: 'Fulfillment parameters' });
    expect(fulfillment.textContent).toContain('Not set');
    expect(fulfillment.textContent).toContain('Unknown account');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('lists the requests of this config only', async () => {
    const calls = api();
    renderPortal(`/tier-configs/directory/${config.id}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Requests' }));
    expect(await screen.findByText('TCR-111-222-333-001')).toBeTruthy();
    expect(calls.find((c) => c.path === '/tier/config-requests')!.query).toContain(`eq(configuration.id,${config.id})`);
  });
});
