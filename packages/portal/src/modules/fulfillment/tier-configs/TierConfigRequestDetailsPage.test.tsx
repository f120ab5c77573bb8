import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RequestParam } from '@trellis/domain/fulfillment/common';
import type { TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import type { AuthContext } from '../../../app/session/types.ts';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { PROVIDER } from '../../catalog/common/testing.tsx';
import { listBody } from '../../identity/testing.tsx';
import { configFixture, param, T1_PARAMS, tcrFixture } from './testing.ts';

// The route loads the page lazily: transform it once up front so the first test does not spend its wait on that.
beforeAll(async () => {
  await import('./TierConfigRequestDetailsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ID = 'TCR-111-222-333-001';
const PATH = `/tier/config-requests/${ID}`;
const PAGE = `/tier-configs/requests/${ID}`;
const ACTIONS = ['Submit', 'Validate', 'Approve', 'Reject', 'Inquire', 'Send to pending', 'Assign to me', 'Unassign'];
const TEMPLATE = {
  id: 'TL-111-222-333',
  title: 'Welcome',
  name: 'T1 welcome',
  body: '',
  scope: 'tier1',
  type: 'fulfillment',
  position: 1,
  events: {},
};

const withParams = (r: TierConfigRequest, params: RequestParam[]): TierConfigRequest => ({
  ...r,
  configuration: { ...r.configuration, params },
});

interface Options {
  /** The value_error the server's validation puts on the reseller code when it is this value. */
  invalidCode?: string;
  siblings?: TierConfigRequest[];
}

/** The request as the API holds it; actions move it as the server would. */
function api(context: AuthContext, start: TierConfigRequest, { invalidCode, siblings = [] }: Options = {}) {
  let current = start;
  const move = (status: TierConfigRequest['status'], patch: Partial<TierConfigRequest> = {}) => {
    current = { ...current, ...patch, status };
    return { body: current };
  };
  const apply = (edits: { id: string; value?: string | null; value_error?: string }[] = []) =>
    current.configuration.params.map((p) => {
      const e = edits.find((x) => x.id === p.id);
      if (!e) return p;
      return {
        ...p,
        ...(e.value !== undefined ? { value: e.value, value_error: '' } : {}),
        ...(e.value_error !== undefined ? { value_error: e.value_error } : {}),
      };
    });
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    [`GET ${PATH}`]: () => ({ body: current }),
    'GET /tier/config-requests': () => listBody(siblings),
    'GET /products/PRD-111-222-333/templates': () => listBody([TEMPLATE]),
    [`PUT ${PATH}`]: (c) => {
      current = withParams(current, apply((c.body as { params: [] }).params));
      return { body: current };
    },
    [`POST ${PATH}/validate`]: (c) => {
      const params = apply((c.body as { params?: [] }).params).map((p) =>
        p.id === 't1_reseller_code' && p.value === invalidCode ? { ...p, value_error: 'Unknown reseller code' } : p,
      );
      current = withParams(current, params);
      return { body: current };
    },
    [`POST ${PATH}/submit`]: () => move('pending'),
    [`POST ${PATH}/approve`]: () => move('approved'),
    [`POST ${PATH}/fail`]: (c) => move('failed', { reason: (c.body as { reason: string }).reason }),
    [`POST ${PATH}/inquire`]: () => move('inquiring'),
    [`POST ${PATH}/pend`]: () => move('pending'),
    // no id: the caller (reference)
    [`POST ${PATH}/assign`]: (c) =>
      move(current.status, {
        assignee: { id: (c.body as { id?: string }).id ?? context.user!.id, name: 'Vera Vendor' },
      }),
    [`POST ${PATH}/unassign`]: () => move(current.status, { assignee: null }),
    'GET /audit/records': () =>
      listBody([
        {
          id: 'AR-1111-2222',
          action: 'approve',
          object: { id: ID, type: 'tier-config-request' },
          actor: { id: VENDOR_CONTEXT.user!.id, name: 'Vera Vendor', type: 'user' },
          account: { id: VENDOR_CONTEXT.account.id },
          changes: { status: { before: 'pending', after: 'approved' } },
          events: { created: { at: '2026-01-04T08:00:00Z' } },
        },
      ]),
  });
}

const header = () => screen.getByRole('heading', { level: 1 }).parentElement!;
async function shownActions() {
  await screen.findByText(/^Tier config request · T\d · /); // shown once the request is loaded
  return ACTIONS.filter((name) => within(header()).queryByRole('button', { name }));
}
const button = (name: string) => within(header()).getByRole('button', { name }) as HTMLButtonElement;
/** The value input of a parameter (its field may also hold the vendor's "mark invalid" input). */
const valueInput = (name: string, title: string) =>
  field(name).getByRole('textbox', { name: new RegExp(`^${title}`) }) as HTMLInputElement;
const field = (name: string) => {
  const el = document.querySelector(`[data-parameter-field="${name}"]`);
  if (!el) throw new Error(`no field ${name}`);
  return within(el as HTMLElement);
};
const posted = (calls: { method: string; path: string }[], action: string) =>
  calls.some((c) => c.method === 'POST' && c.path === `${PATH}/${action}`);

describe('tier config request details: actions per side and status', () => {
  it('offers the vendor validate, approve, reject, inquire (not yet possible) and assign on a pending request', async () => {
    api(VENDOR_CONTEXT, tcrFixture());
    renderPortal(PAGE);
    expect(await shownActions()).toEqual(['Validate', 'Approve', 'Reject', 'Inquire', 'Assign to me']);
    expect(button('Inquire').disabled).toBe(true);
    expect(button('Approve').disabled).toBe(false);
  });

  it('offers the vendor nothing once the request is approved', async () => {
    api(VENDOR_CONTEXT, tcrFixture({ status: 'approved' }));
    renderPortal(PAGE);
    expect(await shownActions()).toEqual([]);
  });

  it("offers the provider none of the vendor's decisions: Submit on a draft, Send to pending when inquiring", async () => {
    api(PROVIDER, tcrFixture({ status: 'draft' }));
    renderPortal(PAGE);
    expect(await shownActions()).toEqual(['Submit', 'Validate']);
    cleanup();
    api(PROVIDER, tcrFixture({ status: 'inquiring' }));
    renderPortal(PAGE);
    expect(await shownActions()).toEqual(['Validate', 'Send to pending']);
    cleanup();
    api(PROVIDER, tcrFixture({ status: 'tiers_setup' }));
    renderPortal(PAGE);
    expect(await shownActions()).toEqual([]);
  });

  it('lets the vendor inquire once a parameter is marked invalid', async () => {
    const marked = T1_PARAMS.map((p) =>
      p.id === 't1_reseller_code' ? { ...p, value_error: 'Use the code from the contract' } : p,
    );
    const calls = api(VENDOR_CONTEXT, withParams(tcrFixture(), marked));
    renderPortal(PAGE);
    await shownActions();
    expect(button('Inquire').disabled).toBe(false);
    fireEvent.click(button('Inquire'));
    expect(await screen.findByText('Inquiring: the provider is asked to fix the marked parameters.')).toBeTruthy();
    expect(posted(calls, 'inquire')).toBe(true);
    await waitFor(() => expect(within(header()).getByText('Inquiring')).toBeTruthy());
  });

  it('rejects only with a reason, and posts it', async () => {
    const calls = api(VENDOR_CONTEXT, tcrFixture());
    renderPortal(PAGE);
    await shownActions();
    fireEvent.click(button('Reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject tier configuration request' });
    expect(dialog.textContent).toContain('the fulfillment request PR-1111-2222-3333-001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(posted(calls, 'fail')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'No such reseller' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The request was rejected.')).toBeTruthy();
    expect(calls.find((c) => c.path === `${PATH}/fail`)!.body).toEqual({ reason: 'No such reseller' });
    await waitFor(() => expect(screen.getByRole('main').textContent).toContain('No such reseller'));
  });

  it('approves with the chosen T1 template', async () => {
    const calls = api(VENDOR_CONTEXT, tcrFixture());
    renderPortal(PAGE);
    await shownActions();
    fireEvent.click(button('Approve'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve request' });
    const select = await within(dialog).findByRole('combobox', { name: 'Template' });
    expect(calls.find((c) => c.path === '/products/PRD-111-222-333/templates')!.query).toContain('eq(scope,tier1)');
    fireEvent.change(select, { target: { value: TEMPLATE.id } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText(
        'Approved: the T1 configuration of Alpine IT Partners for Cloud Backup is active with these values.',
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === `${PATH}/approve`)!.body).toEqual({ template: { id: TEMPLATE.id } });
  });

  it('assigns to the vendor user and unassigns', async () => {
    const calls = api(VENDOR_CONTEXT, tcrFixture());
    renderPortal(PAGE);
    await shownActions();
    fireEvent.click(button('Assign to me'));
    expect(await screen.findByText('Assigned to you.')).toBeTruthy();
    // no id: the server assigns the caller
    expect(calls.find((c) => c.path === `${PATH}/assign`)!.body).toEqual({});
    await waitFor(() => expect(within(header()).queryByRole('button', { name: 'Unassign' })).toBeTruthy());
    expect(within(header()).queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(screen.getByText('Me (Vera Vendor)')).toBeTruthy();
    fireEvent.click(button('Unassign'));
    expect(await screen.findByText('No longer assigned.')).toBeTruthy();
    await waitFor(() => expect(within(header()).queryByRole('button', { name: 'Assign to me' })).toBeTruthy());
  });
});

describe('tier config request details: submit and parameters', () => {
  it('validates a draft before submitting it: an invalid value stays on its field and nothing is submitted', async () => {
    const calls = api(PROVIDER, tcrFixture({ status: 'draft' }), { invalidCode: 'ALP-1' });
    const { router } = renderPortal(PAGE);
    await shownActions();
    fireEvent.click(button('Submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PAGE}/parameters`));
    await waitFor(() => expect(field('t1_reseller_code').getByText('Unknown reseller code')).toBeTruthy());
    expect(posted(calls, 'validate')).toBe(true);
    expect(posted(calls, 'submit')).toBe(false);

    fireEvent.change(valueInput('t1_reseller_code', 'Reseller code'), { target: { value: 'ALP-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        params: [{ id: 't1_reseller_code', value: 'ALP-2' }],
      }),
    );
    await waitFor(() => expect(field('t1_reseller_code').queryByText('Unknown reseller code')).toBeNull());
    fireEvent.click(button('Submit'));
    expect(await screen.findByText('Submitted: the vendor now reviews the request.')).toBeTruthy();
    expect(posted(calls, 'submit')).toBe(true);
  });

  it('lets the provider edit only ordering values, the vendor only fulfillment values and marks', async () => {
    api(PROVIDER, tcrFixture());
    renderPortal(`${PAGE}/parameters`);
    const code = (await waitFor(() => valueInput('t1_reseller_code', 'Reseller code'))) as HTMLInputElement;
    expect(code.disabled).toBe(false);
    expect(valueInput('t1_account', 'Vendor account').disabled).toBe(true);
    expect(document.querySelector('[data-mark-invalid]')).toBeNull();
    cleanup();

    const calls = api(VENDOR_CONTEXT, tcrFixture());
    renderPortal(`${PAGE}/parameters`);
    const account = (await waitFor(() => valueInput('t1_account', 'Vendor account'))) as HTMLInputElement;
    expect(account.disabled).toBe(false);
    expect((valueInput('t1_reseller_code', 'Reseller code') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(document.querySelector('[data-mark-invalid="t1_reseller_code"]')!, {
      target: { value: 'Use the code from the contract' },
    });
    fireEvent.change(account, { target: { value: 'V-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        params: [
          { id: 't1_reseller_code', value_error: 'Use the code from the contract' },
          { id: 't1_account', value: 'V-42' },
        ],
      }),
    );
    // the marked value makes Inquire possible
    await waitFor(() => expect(button('Inquire').disabled).toBe(false));
  });

  it('shows nothing editable once the request is decided', async () => {
    api(PROVIDER, tcrFixture({ status: 'approved' }));
    renderPortal(`${PAGE}/parameters`);
    const code = (await waitFor(() => valueInput('t1_reseller_code', 'Reseller code'))) as HTMLInputElement;
    expect(code.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('tier config request details: general data and tiers setup', () => {
  it('shows the reseller, level, product and the linked fulfillment request', async () => {
    api(VENDOR_CONTEXT, tcrFixture({ assignee: { id: 'UR-9', name: 'Sam Vendor' } }));
    renderPortal(PAGE);
    await shownActions();
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Alpine IT Partners (TA-1000-0000-0001)');
    expect(main.textContent).toContain('lukas@alpine.example');
    expect(within(main).getByText('T1')).toBeTruthy();
    expect(main.textContent).toContain('Sam Vendor (UR-9)');
    expect(within(main).getByRole('link', { name: 'PR-1111-2222-3333-001' }).getAttribute('href')).toBe(
      '/subscriptions/fulfillment/PR-1111-2222-3333-001',
    );
    // the configuration by its name, linked to its page
    expect(within(main).getByRole('link', { name: 'Alpine IT Partners · Cloud Backup' }).getAttribute('href')).toBe(
      '/tier-configs/directory/TC-111-222-333',
    );
    expect(screen.queryByTestId('tiers-setup')).toBeNull();
  });

  it('lists on the Audit tab what was done to the request', async () => {
    const calls = api(VENDOR_CONTEXT, tcrFixture({ status: 'approved' }));
    renderPortal(PAGE);
    await shownActions();
    fireEvent.click(screen.getByRole('tab', { name: 'Audit' }));
    const table = await screen.findByRole('table', { name: 'Audit' });
    // the changed field by its label, not its name on the wire
    expect(within(table).getAllByRole('row')[1].textContent).toContain('Vera VendorApproveStatus');
    expect(calls.find((c) => c.path === '/audit/records')!.query).toContain(`eq(object.id,${ID})`);
  });

  it('tells a T1 request in tiers_setup which T2 request it waits for', async () => {
    const t1 = tcrFixture({ status: 'tiers_setup' });
    const t2 = tcrFixture({
      id: 'TCR-111-222-333-002',
      status: 'pending',
      configuration: configFixture({
        id: 'TC-444-555-666',
        tier_level: 2,
        status: 'processing',
        params: [param({ id: 't2_code', scope: 'tier2' })],
        account: { ...t1.configuration.account, id: 'TA-2000-0000-0001', name: 'Bern Cloud Shop' },
      }),
    });
    const calls = api(VENDOR_CONTEXT, t1, { siblings: [t1, t2] });
    renderPortal(PAGE);
    const hint = await screen.findByTestId('tiers-setup');
    await waitFor(() =>
      expect(hint.textContent).toContain(
        'This request waits for the T2 request TCR-111-222-333-002 of Bern Cloud Shop',
      ),
    );
    expect(within(hint).getByRole('link', { name: 'TCR-111-222-333-002' }).getAttribute('href')).toBe(
      '/tier-configs/requests/TCR-111-222-333-002',
    );
    expect(calls.find((c) => c.path === '/tier/config-requests')!.query).toContain(
      'eq(asset_request.id,PR-1111-2222-3333-001)',
    );
    expect(await shownActions()).toEqual(['Reject', 'Assign to me']);
  });
});
