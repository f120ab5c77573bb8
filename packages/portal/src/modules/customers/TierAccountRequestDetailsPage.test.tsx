import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TierAccountRequest } from '@trellis/domain/customers/tier-account-request';
import type { AuthContext } from '../../app/session/types.ts';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';
import { bakery, bakeryV1, tarFixture } from './testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ID = 'TAR-1000-2000-3000-001';
const PATH = `/tier/account-requests/${ID}`;

/** The request as the API holds it; accept and ignore move it as the server would. */
function api(context: AuthContext, start: TierAccountRequest = tarFixture()) {
  let current = start;
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    [`GET ${PATH}`]: () => ({ body: current }),
    [`GET /tier/accounts/${bakery.id}/versions`]: (c) => listBody(c.query.includes('eq(version,1)') ? [bakeryV1] : []),
    [`POST ${PATH}/accept`]: () => {
      current = { ...current, status: 'accepted' };
      return { body: current };
    },
    [`POST ${PATH}/ignore`]: (c) => {
      current = { ...current, status: 'ignored', reason: (c.body as { reason?: string }).reason ?? '' };
      return { body: current };
    },
  });
}

const header = () => screen.getByRole('heading', { level: 1 }).parentElement!;
async function shownActions() {
  await screen.findByRole('heading', { level: 1, name: ID });
  return ['Accept', 'Ignore'].filter((name) => within(header()).queryByRole('button', { name }));
}

describe('tier account request details', () => {
  it('shows the new account data and what changed since the version before', async () => {
    api(VENDOR_CONTEXT);
    renderPortal(`/customers/requests/${ID}`);
    const changes = await screen.findByRole('list', { name: 'Changes' });
    expect(changes.textContent).toContain('Address line 1: 118 Harbor Street → 250 Atlantic Avenue');
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Harbor Street Bakery (TA-1000-0000-0002)');
    expect(main.textContent).toContain('mike@harborbakery.example');
    expect(main.textContent).toContain('Cloud Backup (PRD-111-222-333)');
    expect(main.textContent).toContain('Demo Provider (PA-500-600)');
  });

  it('lets the vendor accept a pending request, after which nothing more is offered', async () => {
    const calls = api(VENDOR_CONTEXT);
    renderPortal(`/customers/requests/${ID}`);
    expect(await shownActions()).toEqual(['Accept', 'Ignore']);
    fireEvent.click(within(header()).getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText('Accepted: version 2 of Harbor Street Bakery is taken into your systems.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${PATH}/accept`)).toBe(true);
    await waitFor(() => expect(within(header()).getByText('Accepted')).toBeTruthy());
    expect(await shownActions()).toEqual([]);
  });

  it('ignores with the reason the vendor gives', async () => {
    const calls = api(VENDOR_CONTEXT);
    renderPortal(`/customers/requests/${ID}`);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Ignore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ignore tier account request' });
    expect(calls.some((c) => c.path === `${PATH}/ignore`)).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: '  The customer is not ours any more.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ignore' }));
    expect(
      await screen.findByText('Ignored: version 2 of Harbor Street Bakery stays out of your systems.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === `${PATH}/ignore`)!.body).toEqual({
      reason: 'The customer is not ours any more.',
    });
    await waitFor(() => expect(screen.getByRole('main').textContent).toContain('The customer is not ours any more.'));
    expect(await shownActions()).toEqual([]);
  });

  it('ignores without a reason when none is given', async () => {
    const calls = api(VENDOR_CONTEXT);
    renderPortal(`/customers/requests/${ID}`);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Ignore' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Ignore tier account request' })).getByRole('button', {
        name: 'Ignore',
      }),
    );
    await waitFor(() => expect(calls.find((c) => c.path === `${PATH}/ignore`)?.body).toEqual({}));
  });

  it('offers the provider nothing: only the vendor answers', async () => {
    api(PROVIDER);
    renderPortal(`/customers/requests/${ID}`);
    expect(await shownActions()).toEqual([]);
  });

  it('says so when the account is at its first version', async () => {
    api(VENDOR_CONTEXT, tarFixture({ account: bakeryV1 }));
    renderPortal(`/customers/requests/${ID}`);
    await shownActions();
    await waitFor(() => expect(screen.getByRole('main').textContent).toContain('First version'));
  });
});
