import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultSla, type Sla } from '@trellis/domain/slm/sla';
import type { AuthContext } from '../../app/session/types.ts';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { listBody } from '../identity/testing.tsx';

// Settings › Service levels: the account's SLA settings (GET /sla), one card per kind of object, saved by PUT /sla/{id}.

beforeAll(async () => {
  await import('./SlaSettingsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const AT = '2026-01-02T03:04:05Z';
const OWNER = { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' };
const requests = defaultSla('SLA-100-200-300', OWNER, 'subscription_request', AT);
const cases = defaultSla('SLA-100-200-301', OWNER, 'case', AT);
const tiers = defaultSla('SLA-100-200-302', OWNER, 'tier_config_request', AT);

function api(context: AuthContext = VENDOR_CONTEXT, put?: (body: unknown) => { status?: number; body?: unknown }) {
  let stored: Sla[] = [cases, requests, tiers];
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    'GET /sla': () => listBody(stored),
    [`PUT /sla/${requests.id}`]: (c) => {
      const answer = put?.(c.body);
      if (answer) return answer;
      const body = c.body as { active: boolean; slos: { id: string; terminate?: boolean; zones: [] }[] };
      const saved: Sla = {
        ...requests,
        active: body.active,
        slos: requests.slos.map((s) => {
          const given = body.slos.find((g) => g.id === s.id)!;
          return { ...s, terminate: given.terminate ?? s.terminate, zones: given.zones };
        }),
      };
      stored = stored.map((s) => (s.id === saved.id ? saved : s));
      return { body: saved };
    },
  });
}

const card = async (name: string) => screen.findByRole('region', { name }, { timeout: 30_000 });
const objective = (region: HTMLElement, name: string) => within(region).getByRole('group', { name });
const days = (group: HTMLElement, zone: string) => within(group).getByLabelText(zone) as HTMLInputElement;

describe('SLA settings', () => {
  it('shows one card per kind of object, requests first, with the objectives’ zones and the end of the last', async () => {
    api();
    renderPortal('/settings/sla');
    await card('Fulfillment requests');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Fulfillment requests',
      'Tier config requests',
      'Helpdesk cases',
    ]);
    expect(screen.getByText(/applies to requests and cases that start waiting from then on/)).toBeTruthy();
    const region = await card('Fulfillment requests');
    expect((within(region).getByRole('switch', { name: 'Enabled' }) as HTMLInputElement).checked).toBe(false);
    const pending = objective(region, 'Waiting as pending');
    expect(['Green', 'Yellow', 'Red'].map((z) => days(pending, z).value)).toEqual(['2', '1', '2']);
    expect(within(pending).getByText('Green 2 days, Yellow 1 day, Red 2 days; then it stays red.')).toBeTruthy();
    expect(within(pending).getByRole('switch', { name: 'Reject automatically after the red zone' })).toBeTruthy();
    // a case has no final action: it stays red
    const casePending = objective(await card('Helpdesk cases'), 'Waiting as pending');
    expect(within(casePending).queryByRole('switch', { name: /Reject automatically/ })).toBeNull();
  }, 60_000);

  it('saves the card’s settings: enabled, the days of each zone and the automatic rejection', async () => {
    const calls = api();
    renderPortal('/settings/sla');
    const region = await card('Fulfillment requests');
    const save = within(region).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(region).getByRole('switch', { name: 'Enabled' }));
    const inquiring = objective(region, 'Waiting as inquiring');
    fireEvent.change(days(inquiring, 'Yellow'), { target: { value: '3' } });
    fireEvent.click(within(inquiring).getByRole('switch', { name: 'Reject automatically after the red zone' }));
    expect(
      within(inquiring).getByText('Green 5 days, Yellow 3 days, Red 5 days; then rejected automatically.'),
    ).toBeTruthy();
    fireEvent.click(save);

    expect(await screen.findByText('The service levels of fulfillment requests are saved.')).toBeTruthy();
    const put = calls.filter((c) => c.method === 'PUT' && c.path.startsWith('/sla'));
    expect(put.map((c) => c.path)).toEqual([`/sla/${requests.id}`]);
    const zones = (d: number[]) => d.map((days, zone) => ({ days, zone }));
    expect(put[0].body).toEqual({
      active: true,
      slos: [
        { id: requests.slos[0].id, terminate: false, zones: zones([2, 1, 2]) },
        { id: requests.slos[1].id, terminate: true, zones: zones([5, 3, 5]) },
      ],
    });
    // what the server kept is what the card shows, with nothing left to save
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    expect((within(region).getByRole('switch', { name: 'Enabled' }) as HTMLInputElement).checked).toBe(true);
    expect(days(inquiring, 'Yellow').value).toBe('3');
  }, 60_000);

  it('checks the days before saving, with the domain’s messages', async () => {
    const calls = api();
    renderPortal('/settings/sla');
    const region = await card('Fulfillment requests');
    const pending = objective(region, 'Waiting as pending');
    fireEvent.change(days(pending, 'Green'), { target: { value: '1.5' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(pending).findByText('Days must be a whole number from 0 to 365.')).toBeTruthy();
    for (const zone of ['Green', 'Yellow', 'Red']) fireEvent.change(days(pending, zone), { target: { value: '0' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(pending).findByText('At least one zone must last a day or more.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.path.startsWith('/sla'))).toBe(false);
  }, 60_000);

  it('puts the server’s refusal next to the field it names', async () => {
    const message = 'Days must be a whole number from 0 to 365.';
    api(VENDOR_CONTEXT, () => ({
      status: 400,
      body: {
        error_code: 'VAL_001',
        errors: [`slos.1.zones.2.days: ${message}`],
        fields: { 'slos.1.zones.2.days': [message] },
      },
    }));
    renderPortal('/settings/sla');
    const region = await card('Fulfillment requests');
    const inquiring = objective(region, 'Waiting as inquiring');
    fireEvent.change(days(inquiring, 'Red'), { target: { value: '300' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save' }));
    const red = days(inquiring, 'Red');
    await waitFor(() => expect(red.getAttribute('aria-invalid')).toBe('true'));
    expect(within(inquiring).getByText(message)).toBeTruthy();
    expect(days(objective(region, 'Waiting as pending'), 'Red').getAttribute('aria-invalid')).toBe('false');
    expect(within(region).queryByRole('alert')).toBeNull();
  }, 60_000);

  it('is not offered without the account module, which the API needs to read the settings', async () => {
    const calls = api({ ...VENDOR_CONTEXT, permissions: ['MD-0002'] });
    renderPortal('/settings/sla');
    expect(await screen.findByText('You do not have access to this page', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Fulfillment requests' })).toBeNull();
    expect(calls.some((c) => c.path === '/sla')).toBe(false);
  }, 60_000);
});
