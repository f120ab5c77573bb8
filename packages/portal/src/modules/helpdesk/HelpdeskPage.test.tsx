import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Case } from '@trellis/domain/helpdesk/case';
import type { AuthContext } from '../../app/session/types.ts';
import { mockApi, renderPortal } from '../../test-utils.tsx';
import { listBody } from '../identity/testing.tsx';
import { PROVIDER, VENDOR_CONTEXT, casesServer, demoCases } from './testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const [CODES, PRICES, INVOICE, SSO] = demoCases().map((c) => c.subject);

/** The subjects a tab's table lists, once its rows (or its empty message) show. */
async function listed(timeout?: number): Promise<string[]> {
  const table = await screen.findByRole('table', { name: 'Case' }, { timeout });
  await waitFor(() => expect(within(table).queryAllByTestId('skeleton-row')).toEqual([]));
  return within(table)
    .queryAllByRole('row')
    .slice(1)
    .map((r) => (r as HTMLTableRowElement).cells[0].textContent ?? '');
}

async function openTab(label: string) {
  fireEvent.click(await screen.findByRole('tab', { name: label }));
  await waitFor(() => expect(screen.getByRole('tab', { name: label }).getAttribute('aria-selected')).toBe('true'));
}

/** Each tab's cases for `me`, the tabs clicked in turn as a user would. */
async function tabsOf(me: AuthContext) {
  const server = casesServer(me);
  const calls = mockApi({ 'GET /auth/context': () => ({ body: me }), ...server.routes });
  const { router } = renderPortal('/helpdesk');
  // the dashboard's counter (cases waiting for the account) opens the area without a tab
  await waitFor(() => expect(router.state.location.pathname).toBe('/helpdesk/waiting'));
  // the page loads lazily: its first render has taken over 10 s on a loaded machine
  const seen: Record<string, string[]> = { 'Waiting for us': await listed(30_000) };
  for (const tab of ['Mine', 'Waiting for them', 'Closed']) {
    await openTab(tab);
    seen[tab] = await listed();
  }
  return { seen, calls };
}

describe('helpdesk lists', () => {
  it('show Demo Vendor the cases waiting for it, its own, those waiting for the provider and the closed', async () => {
    const { seen, calls } = await tabsOf(VENDOR_CONTEXT);
    expect(seen).toEqual({
      'Waiting for us': [CODES],
      Mine: [CODES],
      'Waiting for them': [PRICES, INVOICE],
      Closed: [SSO],
    });
    const queries = calls.filter((c) => c.path === '/helpdesk/cases').map((c) => c.query);
    expect(queries.some((q) => q.includes(`eq(waiting_for,${VENDOR_CONTEXT.account.id})`))).toBe(true);
    expect(queries.some((q) => q.includes('eq(state,closed)'))).toBe(true);
  }, 60_000);

  it('show Demo Provider the same cases from its side', async () => {
    const { seen } = await tabsOf(PROVIDER);
    expect(seen['Waiting for us'].sort()).toEqual([PRICES, INVOICE].sort());
    expect(seen['Waiting for them']).toEqual([CODES]);
    expect(seen.Closed).toEqual([SSO]);
    expect(seen.Mine).toEqual([]);
  }, 60_000);

  it('show the settings tab only to users who change the account’s settings', async () => {
    const helpdeskOnly: AuthContext = { ...VENDOR_CONTEXT, permissions: ['MD-0023'] };
    mockApi({ 'GET /auth/context': () => ({ body: helpdeskOnly }), ...casesServer(helpdeskOnly).routes });
    const { router } = renderPortal('/helpdesk/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/helpdesk/waiting'));
    await screen.findByRole('tab', { name: 'Closed' });
    expect(screen.queryByRole('tab', { name: 'Settings' })).toBeNull();
  });
});

describe('a new case', () => {
  it('goes to the partner picked, with the product, priority and markdown description; blank fields are refused first', async () => {
    const server = casesServer(PROVIDER);
    const created: Case = { ...demoCases()[0], id: 'CA-555-555-555', receiver: { ...demoCases()[0].receiver } };
    delete created.receiver.agent;
    const calls = mockApi({
      'GET /auth/context': () => ({ body: PROVIDER }),
      ...server.routes,
      'GET /partners': () =>
        listBody([{ id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor', status: 'active', type: 'vendor' }]),
      [`GET /partners/${VENDOR_CONTEXT.account.id}/products`]: () =>
        listBody([{ id: 'PRD-111-222-333', name: 'Secure Mail Suite', version: 1 }]),
      'POST /helpdesk/cases': () => ({ status: 201, body: created }),
      [`GET /helpdesk/cases/${created.id}`]: () => ({ body: created }),
      'GET /conversations': () => listBody([]),
    });
    const { router } = renderPortal('/helpdesk/theirs');
    fireEvent.click(await screen.findByRole('button', { name: 'New case' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New case' });

    // the only partner is chosen already; its products are offered
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Receiver/ }).textContent).toContain('Demo Vendor'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create case' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Subject/), { target: { value: 'Mailboxes stuck' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Priority' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Low',
      'Medium',
      'High',
      'Urgent',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Urgent' }));
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Product' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Secure Mail Suite (PRD-111-222-333)' }));
    fireEvent.change(within(dialog).getByLabelText('Description (Markdown)'), {
      target: { value: 'Two mailboxes are **stuck**.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create case' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/helpdesk/cases/CA-555-555-555'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      subject: 'Mailboxes stuck',
      description: 'Two mailboxes are **stuck**.',
      type: 'technical',
      priority: 3,
      receiver: { account: { id: VENDOR_CONTEXT.account.id } },
      product: { id: 'PRD-111-222-333' },
    });
    expect(await screen.findByText(/Case CA-555-555-555 was sent to Demo Vendor/)).toBeTruthy();
  }, 60_000);
});
