import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListingRequest } from '@trellis/domain/distribution/listing';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import type { AuthContext } from '../../app/session/types.ts';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';
import { requestFixture } from './common/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PATH = '/listing-requests/LSTR-123-456';
const ACTIONS = ['Submit', 'Delete', 'Refine', 'Deploy', 'Complete', 'Cancel', 'Assign', 'Unassign'];

/** The request as the API holds it; actions move it as the server would. */
function api(context: AuthContext, start: ListingRequest) {
  let current = start;
  const move = (status: ListingRequest['status'], patch: Partial<ListingRequest> = {}) => {
    current = { ...current, ...patch, status, state: status };
    return { body: current };
  };
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    [`GET ${PATH}`]: () => ({ body: current }),
    [`POST ${PATH}/submit`]: () => move('reviewing', { listing: { id: 'LST-123-456', status: 'unlisted' } }),
    [`POST ${PATH}/deploy`]: () => move('deploying'),
    [`POST ${PATH}/complete`]: () => move('completed', { listing: { id: 'LST-123-456', status: 'listed' } }),
    [`POST ${PATH}/cancel`]: () => move('canceled'),
    [`POST ${PATH}/assign`]: (c) =>
      move(current.status, {
        assignee: { id: (c.body as { assignee: { id: string } }).assignee.id, name: 'Pat Provider' },
      }),
    [`DELETE ${PATH}`]: () => move('deleted'),
    [`GET /accounts/${PROVIDER.account.id}/users`]: () => listBody([]),
  });
}

const header = () => screen.getByRole('heading', { level: 1 }).parentElement!;
async function shownActions() {
  await screen.findByRole('heading', { level: 1, name: 'LSTR-123-456' });
  return ACTIONS.filter((name) => within(header()).queryByRole('button', { name }));
}

describe('listing request details', () => {
  it("offers the vendor Submit and Delete on its draft, and none of the provider's actions", async () => {
    api(VENDOR_CONTEXT, requestFixture());
    renderPortal('/listings/requests/LSTR-123-456');
    expect(await shownActions()).toEqual(['Submit', 'Delete']);
  });

  it('offers the vendor nothing once the request is with the provider', async () => {
    api(VENDOR_CONTEXT, requestFixture({ status: 'reviewing', state: 'reviewing' }));
    renderPortal('/listings/requests/LSTR-123-456');
    expect(await shownActions()).toEqual([]);
  });

  it('offers the provider refine, deploy, cancel and assign while reviewing (unassign only once someone is assigned)', async () => {
    api(PROVIDER, requestFixture({ status: 'reviewing', state: 'reviewing' }));
    renderPortal('/listings/requests/LSTR-123-456');
    expect(await shownActions()).toEqual(['Refine', 'Deploy', 'Cancel', 'Assign']);
  });

  it('lets the provider complete a deploying request: the product is then listed', async () => {
    const calls = api(
      PROVIDER,
      requestFixture({
        status: 'deploying',
        state: 'deploying',
        assignee: { id: PROVIDER.user!.id, name: 'Pat Provider' },
      }),
    );
    renderPortal('/listings/requests/LSTR-123-456');
    expect(await shownActions()).toEqual(['Complete', 'Cancel', 'Assign', 'Unassign']);
    expect(screen.getByText('Me (Pat Provider)')).toBeTruthy();
    fireEvent.click(within(header()).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Completed: Cloud Backup in Provider Europe is now listed.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${PATH}/complete`)).toBe(true);
    await waitFor(() => expect(within(header()).getByText('Completed')).toBeTruthy());
    expect(await shownActions()).toEqual([]);
  });

  it('asks before canceling and assigns to the caller by default', async () => {
    const calls = api(PROVIDER, requestFixture({ status: 'reviewing', state: 'reviewing' }));
    renderPortal('/listings/requests/LSTR-123-456');
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Assign' }));
    const assign = await screen.findByRole('dialog', { name: 'Assign request' });
    expect(within(assign).getByRole('combobox', { name: 'Assignee' }).textContent).toBe('Me (Pat Provider)');
    fireEvent.click(within(assign).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Assigned to you.')).toBeTruthy();
    expect(calls.find((c) => c.path === `${PATH}/assign`)?.body).toEqual({ assignee: { id: PROVIDER.user!.id } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(header()).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel request' });
    expect(calls.some((c) => c.path === `${PATH}/cancel`)).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByText('The request was canceled.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${PATH}/cancel`)).toBe(true);
  });

  it('lets the vendor delete its draft after confirming', async () => {
    const calls = api(VENDOR_CONTEXT, requestFixture());
    renderPortal('/listings/requests/LSTR-123-456');
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete draft' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Draft LSTR-123-456 was deleted.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === PATH)).toBe(true);
    await waitFor(() => expect(within(header()).getByText('Deleted')).toBeTruthy());
  });
});
