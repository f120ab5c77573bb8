import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';
import { connectionFixture, hubFixture } from './common/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const hub = hubFixture({ company: { id: PROVIDER.account.id, name: 'Demo Provider' } });

function api() {
  return mockApi({
    'GET /auth/context': () => ({ body: PROVIDER }),
    [`GET /hubs/${hub.id}`]: () => ({ body: hub }),
    [`GET /hubs/${hub.id}/marketplaces`]: () =>
      listBody([{ id: 'MP-12345', name: 'Provider Europe', icon: null, description: null, external_id: 'EU-1' }]),
    [`GET /hubs/${hub.id}/connections`]: () => listBody([connectionFixture()]),
  });
}

describe('hub details', () => {
  it('shows the declared fields: instance, the empty health check, counts and the owner', async () => {
    api();
    renderPortal(`/hubs/${hub.id}`);
    await screen.findByRole('heading', { level: 1, name: 'EU hub' });
    const row = (label: string) => screen.getByText(label).nextElementSibling!.textContent;
    expect(row('Instance type')).toBe('API');
    expect(row('Instance ID')).toBe('inst-1');
    expect(row('Last health check')).toBe('Never');
    expect(row('Active connections')).toBe('1');
    expect(row('Owner')).toBe(`Demo Provider (${PROVIDER.account.id})`);
  });

  it('shows the connections tab after the marketplaces tab (each tab its own table)', async () => {
    api();
    renderPortal(`/hubs/${hub.id}?tab=marketplaces`);
    const marketplaces = await screen.findByRole('table', { name: 'Marketplace' });
    expect(await within(marketplaces).findByText('EU-1')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Connections' }));
    const connections = await screen.findByRole('table', { name: 'Connection' });
    const row = (await within(connections).findByText('CT-123-4567')).closest('tr')!;
    expect(within(row).getByText('Cloud Backup')).toBeTruthy();
    expect(within(row).getByText('Demo Vendor')).toBeTruthy();
    expect(within(row).getByText('Production')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(connections).getByText('Vendor')).toBeTruthy();
  });
});
