import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Asset } from '@trellis/domain/fulfillment/asset';
import type { Request } from '@trellis/domain/fulfillment/request';
import type { AuthContext } from '../../../app/session/types.ts';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { PROVIDER } from '../../catalog/common/testing.tsx';
import { listBody } from '../../identity/testing.tsx';
import { assetFixture, CUSTOMER, requestFixture } from './directory/fixtures.ts';

beforeAll(async () => {
  await import('./SubscriptionDetailsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ID = 'AS-1234-5678-9012';
const URL = `/subscriptions/directory/${ID}`;
const NEW = 'PR-1234-5678-9012-002';
const ACTIONS = ['Change quantities', 'Suspend', 'Resume', 'Cancel', 'Adjust'];

function api(
  context: AuthContext,
  asset: Asset,
  { open = null as Request | null, refuse = null as string | null } = {},
) {
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    [`GET /assets/${ID}`]: () => ({ body: asset }),
    'GET /requests': () => listBody(open ? [open] : []),
    [`GET /assets/${ID}/requests`]: () => listBody([requestFixture({ status: 'approved' })]),
    'POST /requests': (c) =>
      refuse
        ? { status: 409, body: { error_code: 'CONFLICT_001', errors: [refuse] } }
        : {
            status: 201,
            body: requestFixture({
              id: NEW,
              type: (c.body as { type: Request['type'] }).type,
              status: 'pending',
              asset,
            }),
          },
  });
}

const header = () => screen.getByRole('heading', { level: 1 }).parentElement!.parentElement!;
async function shownActions() {
  await screen.findByRole('heading', { level: 1, name: ID });
  await waitFor(() => expect(within(header()).queryAllByRole('button').length).toBeGreaterThan(0));
  return ACTIONS.filter((name) => within(header()).queryByRole('button', { name }));
}
const posted = (calls: ReturnType<typeof api>) => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('subscription details', () => {
  it('shows the subscription with its customer (a link for the provider) and T1, and offers the provider change, suspend and cancel', async () => {
    api(PROVIDER, assetFixture());
    renderPortal(URL);
    expect(await shownActions()).toEqual(['Change quantities', 'Suspend', 'Cancel']);
    const customer = screen.getByRole('link', { name: CUSTOMER.name });
    expect(customer.getAttribute('href')).toBe(`/customers/directory/${CUSTOMER.id}`);
    const main = screen.getByRole('main');
    expect(main.textContent).toContain(`${CUSTOMER.name} (${CUSTOMER.id})`);
    expect(main.textContent).toContain('Northwind Resellers (TA-0001-0001-0001)');
    expect(within(main).getByText('Connection').nextElementSibling?.textContent).toBe('CT-123-456');
    expect(within(main).getByText('Environment').nextElementSibling?.textContent).toBe('Production');
  });

  it('offers a suspended subscription\'s provider resume and cancel, and the vendor only "Adjust"', async () => {
    api(PROVIDER, assetFixture({ status: 'suspended' }));
    renderPortal(URL);
    expect(await shownActions()).toEqual(['Resume', 'Cancel']);
    cleanup();
    api(VENDOR_CONTEXT, assetFixture());
    renderPortal(URL);
    expect(await shownActions()).toEqual(['Adjust']);
    expect(screen.getByRole('main').textContent).toContain(`${CUSTOMER.name} (${CUSTOMER.id})`);
  });

  it('suspends through a confirmed request and opens the new request', async () => {
    const calls = api(PROVIDER, assetFixture());
    const { router } = renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend subscription' });
    expect(posted(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/subscriptions/fulfillment/${NEW}`));
    expect(posted(calls)).toEqual([{ type: 'suspend', asset: { id: ID } }]);
  });

  it('asks for new quantities and sends only the items that change', async () => {
    const calls = api(PROVIDER, assetFixture());
    const { router } = renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Change quantities' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change quantities' });
    expect(within(dialog).queryByRole('textbox', { name: 'New quantity of Storage GB' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
    expect(await within(dialog).findByText('Change at least one quantity.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New quantity of Mailbox seat' }), {
      target: { value: 'ten' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
    expect(await within(dialog).findByText('Only integers are allowed')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New quantity of Mailbox seat' }), {
      target: { value: '8' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/subscriptions/fulfillment/${NEW}`));
    expect(posted(calls)).toEqual([
      { type: 'change', asset: { id: ID, items: [{ id: 'PRD-111-222-333-0001', quantity: '8' }] } },
    ]);
  });

  it('disables the actions while a request is open and links to it', async () => {
    const open = requestFixture({ id: 'PR-1234-5678-9012-002', type: 'change', status: 'inquiring' });
    api(PROVIDER, assetFixture(), { open });
    renderPortal(URL);
    await screen.findByRole('link', { name: 'PR-1234-5678-9012-002 · Change · Inquiring' });
    await shownActions();
    for (const name of ['Change quantities', 'Suspend', 'Cancel']) {
      expect(within(header()).getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    }
  });

  it("keeps the server's refusal in the confirmation", async () => {
    api(PROVIDER, assetFixture(), {
      refuse: `Asset ${ID} already has request PR-1234-5678-9012-002 in status pending.`,
    });
    renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText(`Asset ${ID} already has request PR-1234-5678-9012-002 in status pending.`),
    ).toBeTruthy();
  });

  it("shows items, the parameter values by phase, and the subscription's requests", async () => {
    api(VENDOR_CONTEXT, assetFixture());
    renderPortal(`${URL}?tab=items`);
    const items = await screen.findByRole('table', { name: 'Subscription items' });
    const seat = within(items).getByText('Mailbox seat').closest('tr')!;
    expect(within(seat).getByText('5')).toBeTruthy();
    expect(within(seat).getByText('Reservation')).toBeTruthy();
    expect(within(seat).getByText('Recurring')).toBeTruthy();
    // a pay-as-you-go item reads as the catalogue shows it: Pay-as-you-go · Recurring · Unlimited
    const storage = within(items).getByText('Storage GB').closest('tr')!;
    expect(within(storage).getByText('Pay-as-you-go')).toBeTruthy();
    expect(within(storage).getByText('Recurring')).toBeTruthy();
    expect(within(storage).getByText('Unlimited')).toBeTruthy();
    cleanup();

    api(VENDOR_CONTEXT, assetFixture());
    renderPortal(`${URL}?tab=parameters`);
    const ordering = await screen.findByRole('region', { name: 'Ordering parameters' });
    const email = within(ordering).getByRole('textbox', { name: /Administrator e-mail/ }) as HTMLInputElement;
    expect(email.value).toBe('admin@fabrikam.example');
    expect(email.disabled).toBe(true);
    expect(
      (
        within(screen.getByRole('region', { name: 'Fulfillment parameters' })).getByRole('textbox', {
          name: /Activation code/,
        }) as HTMLInputElement
      ).value,
    ).toBe('XYZ-1');
    cleanup();

    api(VENDOR_CONTEXT, assetFixture());
    const { router } = renderPortal(`${URL}?tab=requests`);
    fireEvent.click(await screen.findByText('PR-1234-5678-9012-001'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/subscriptions/fulfillment/PR-1234-5678-9012-001'),
    );
  });
});
