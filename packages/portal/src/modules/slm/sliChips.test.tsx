import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sliText } from '../../components/SliChip.tsx';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { tcrFixture } from '../fulfillment/tier-configs/testing.ts';
import { listBody } from '../identity/testing.tsx';

// The zone of a waiting object (domain slm, field kind 'sli'): a chip in the zone's tone with the time left, on the
// declared lists and details of requests, tier config requests and cases, and a list filter by zone.

beforeAll(async () => {
  await import('../fulfillment/tier-configs/TierConfigsPage.tsx');
  await import('../fulfillment/tier-configs/TierConfigRequestDetailsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const NOW = new Date('2026-03-02T10:00:00Z');
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(NOW.getTime() + h * HOUR).toISOString();

describe('the SLA zone chip text', () => {
  it('names the zone and the time left in it, shorter on a phone', () => {
    expect(sliText({ zone: 1, days: 1, until: inHours(28) }, NOW)).toEqual({
      label: 'Yellow · 1 d 4 h left',
      name: 'SLA zone Yellow, 1 d 4 h left',
    });
    expect(sliText({ zone: 0, days: 0, until: inHours(3) }, NOW, true).label).toBe('Green · 3 h');
    expect(sliText({ zone: 2, days: 4, until: inHours(-1) }, NOW)).toEqual({
      label: 'Red · due',
      name: 'SLA zone Red, due now',
    });
  });

  it('says how long the object has waited in a last zone that does not end', () => {
    expect(sliText({ zone: 2, days: 3 }, NOW)).toEqual({ label: 'Red · 3 days', name: 'SLA zone Red, waiting 3 days' });
    expect(sliText({ zone: 2, days: 1 }, NOW, true).label).toBe('Red · 1 d');
    expect(sliText({ zone: 2, days: 0 }, NOW).label).toBe('Red');
  });
});

describe('SLA zones on the declared screens', () => {
  const waiting = tcrFixture({ sli: { zone: 1, days: 1, until: inHours(28) } });
  const done = tcrFixture({ id: 'TCR-111-222-333-002', status: 'approved' });

  it('lists the zone with the time left, and filters the list by zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /tier/config-requests': () => listBody([waiting, done]),
    });
    renderPortal('/tier-configs/requests');
    const table = await screen.findByRole('table', { name: 'Tier configuration request' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(-3)).toEqual(['Status', 'SLA', 'Updated']);
    const chip = await within(table).findByRole('img', { name: 'SLA zone Yellow, 1 d 4 h left' });
    expect(chip.textContent).toBe('Yellow · 1 d 4 h left');
    expect(chip.closest('tr')!.textContent).toContain(waiting.id);
    // a request that no longer waits has no zone
    const other = within(table).getByText(done.id).closest('tr')!;
    expect(within(other).queryByRole('img')).toBeNull();
    expect(
      within(other)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('—');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'SLA zone' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Green', 'Yellow', 'Red']);
    fireEvent.click(screen.getByRole('option', { name: 'Red' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/tier/config-requests' && c.query.includes('in(sli.zone,(2))'))).toBe(true),
    );
  });

  it('sorts the list by zone from the SLA column', async () => {
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /tier/config-requests': () => listBody([waiting]),
    });
    renderPortal('/tier-configs/requests');
    const table = await screen.findByRole('table', { name: 'Tier configuration request' });
    fireEvent.click(within(table).getByRole('button', { name: 'SLA' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/tier/config-requests' && c.query.includes('ordering(sli.zone)'))).toBe(
        true,
      ),
    );
  });

  it('shows the zone on the details, and leaves the row out while the request does not wait', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    let current = waiting;
    mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      [`GET /tier/config-requests/${waiting.id}`]: () => ({ body: current }),
      'GET /tier/config-requests': () => listBody([]),
    });
    const first = renderPortal(`/tier-configs/requests/${waiting.id}`);
    const sla = (await screen.findAllByText('SLA', { selector: 'dt' }))[0];
    expect(
      within(sla.nextElementSibling as HTMLElement)
        .getByRole('img')
        .getAttribute('aria-label'),
    ).toBe('SLA zone Yellow, 1 d 4 h left');
    first.unmount();

    current = { ...waiting, status: 'approved', sli: undefined };
    renderPortal(`/tier-configs/requests/${waiting.id}`);
    expect((await screen.findAllByText('Status', { selector: 'dt' })).length).toBeGreaterThan(0);
    expect(screen.queryByText('SLA', { selector: 'dt' })).toBeNull();
  });
});
