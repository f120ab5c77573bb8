import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal } from '../../../test-utils.tsx';
import { PROVIDER } from '../../catalog/common/testing.tsx';
import { assetFixture } from '../../fulfillment/subscriptions/directory/fixtures.ts';
import { listBody } from '../../identity/testing.tsx';
import { aggregateFixture } from '../testing.ts';
import { usageSeries } from './SubscriptionUsage.tsx';

beforeAll(async () => {
  await import('../../fulfillment/subscriptions/SubscriptionDetailsPage.tsx');
  await import('./SubscriptionUsage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ID = 'AS-1234-5678-9012';
const URL = `/subscriptions/directory/${ID}?tab=usage`;
const ARCHIVE = {
  id: 'PRD-111-222-333-0004',
  local_id: null,
  name: 'Archive GB',
  mpn: 'SMS-ARCH',
  unit: 'GB',
  precision: 'integer',
  type: 'ppu',
};
const AGGREGATES = [
  aggregateFixture('2026-10', { consumed: 50, accepted: 50 }),
  aggregateFixture('2026-11', { consumed: 62.5, accepted: 0 }),
  aggregateFixture('2026-11', { id: 'UA-arch', item: ARCHIVE, consumed: 7, accepted: 7 }),
];

function api(aggregates: unknown[]) {
  return mockApi({
    'GET /auth/context': () => ({ body: PROVIDER }),
    [`GET /assets/${ID}`]: () => ({ body: assetFixture() }),
    'GET /requests': () => listBody([]),
    'GET /usage/aggregates': () => listBody(aggregates),
  });
}

describe('subscription usage', () => {
  it('makes one reported and one accepted series per item, with every month of the subscription', () => {
    const { months, series } = usageSeries(AGGREGATES);
    expect(months).toEqual(['Oct 2026', 'Nov 2026']);
    expect(series.map((s) => [s.label, s.data])).toEqual([
      ['Extra storage: reported', [50, 62.5]],
      ['Extra storage: accepted', [50, 0]],
      ['Archive GB: reported', [0, 7]],
      ['Archive GB: accepted', [0, 7]],
    ]);
    expect(series[0].valueFormatter!(62.5, { dataIndex: 1 })).toBe('62.5 GB');
  });

  it('charts the usage per month and lists the same numbers', async () => {
    const calls = api(AGGREGATES);
    renderPortal(URL);
    const chart = await screen.findByRole('figure', {
      name: 'Usage per month: reported by the vendor, accepted by the provider',
    });
    for (const label of ['Extra storage: reported', 'Extra storage: accepted', 'Archive GB: reported'])
      expect(within(chart).getByText(label)).toBeTruthy();
    expect(calls.find((c) => c.path === '/usage/aggregates')!.query).toContain(`eq(asset.id,${ID})`);
    const table = await screen.findByRole('table', { name: 'Usage aggregate' });
    expect(await within(table).findByText('62.5')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    // months, as the chart names them
    expect(within(table).getAllByRole('row')[1].textContent).toContain('Oct 2026');
  });

  it('says so when no usage was reported', async () => {
    api([]);
    renderPortal(URL);
    expect(await screen.findByText('No usage reported')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('has no Usage tab for a user without the usage module', async () => {
    mockApi({
      'GET /auth/context': () => ({ body: { ...PROVIDER, permissions: ['MD-0004'] } }),
      [`GET /assets/${ID}`]: () => ({ body: assetFixture() }),
      'GET /requests': () => listBody([]),
    });
    renderPortal(`/subscriptions/directory/${ID}`);
    await screen.findByRole('tab', { name: 'Requests' });
    expect(screen.queryByRole('tab', { name: 'Usage' })).toBeNull();
  });
});
