import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { CONTRACT_ID, PROVIDER, contractFixture } from '../testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function api() {
  return mockApi({
    'GET /auth/context': () => ({ body: PROVIDER }),
    'GET /partners': () => listBody([]),
    'GET /contracts': () => listBody([contractFixture({ status: 'pending' })]),
  });
}
const lastQuery = (calls: ReturnType<typeof api>) => calls.filter((c) => c.path === '/contracts').at(-1)!.query;

describe('contracts tab', () => {
  it('lists the contracts, with the contract id placeholder in the ID filter', async () => {
    api();
    const { router } = renderPortal('/partners/contracts');
    const table = await screen.findByRole('table', { name: 'Contract' });
    const row = (await within(table).findByText(CONTRACT_ID)).closest('tr')!;
    expect(within(row).getByText('You')).toBeTruthy();
    expect(within(row).getByText('Demo Vendor')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'ID' }).getAttribute('placeholder')).toBe('CT-0000-0000-0000');
    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/partners/contracts/${CONTRACT_ID}`));
  });

  it('shows one kind at a time with its chip, kept in the URL', async () => {
    const calls = api();
    const { router } = renderPortal('/partners/contracts');
    await screen.findByRole('table', { name: 'Contract' });
    expect(lastQuery(calls)).not.toContain('eq(type');
    fireEvent.click(screen.getByRole('button', { name: 'Program' }));
    await waitFor(() => expect(lastQuery(calls)).toContain('eq(type,program)'));
    expect(router.state.location.search).toContain('kind=program');
    expect(screen.getByRole('button', { name: 'Program' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(lastQuery(calls)).not.toContain('eq(type'));
    expect(router.state.location.search).not.toContain('kind=');
  });

  it("opens on what waits for the caller from the dashboard's link", async () => {
    const calls = api();
    renderPortal('/partners/contracts?waiting=1&kind=distribution');
    await screen.findByRole('table', { name: 'Contract' });
    const q = lastQuery(calls);
    expect(q).toContain('eq(type,distribution)');
    expect(q).toContain(`eq(issuer.id,${PROVIDER.account.id})`);
    expect(q).toContain('eq(status,enrolling)');
    expect(screen.getByRole('button', { name: 'Waiting for me' }).getAttribute('aria-pressed')).toBe('true');
  });
});
