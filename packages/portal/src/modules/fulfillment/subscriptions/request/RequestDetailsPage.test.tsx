import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Request } from '@trellis/domain/fulfillment/request';
import type { TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import type { AuthContext } from '../../../../app/session/types.ts';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../../../test-utils.tsx';
import { PROVIDER } from '../../../catalog/common/testing.tsx';
import { listBody } from '../../../identity/testing.tsx';
import {
  PRODUCT,
  REQUEST_ID,
  requestFixture,
  templateFixture,
  tierConfigFixture,
  tierConfigRequestFixture,
} from './testing.ts';

// The route loads the page lazily: transform it once up front so the first test does not spend its wait on that.
beforeAll(async () => {
  await import('../RequestDetailsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PATH = `/requests/${REQUEST_ID}`;
const URL = `/subscriptions/fulfillment/${REQUEST_ID}`;
const VENDOR_ACTIONS = ['Approve', 'Reject', 'Inquire', 'Assign to me', 'Schedule'];

interface Setup {
  context?: AuthContext;
  request?: Request;
  tierRequests?: TierConfigRequest[];
  /** Answer of POST validate. */
  validate?: (call: Call) => { status?: number; body?: unknown };
}

/** The request as the API holds it; actions move it as the server would. */
function api({ context = VENDOR_CONTEXT, request = requestFixture(), tierRequests = [], validate }: Setup = {}) {
  let current = request;
  const move = (status: Request['status'], patch: Partial<Request> = {}) => {
    current = { ...current, ...patch, status };
    return { body: current };
  };
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    [`GET ${PATH}`]: () => ({ body: current }),
    [`PUT ${PATH}`]: (c) => {
      const changes = (c.body as { asset: { params: { id: string; value?: string; value_error?: string }[] } }).asset
        .params;
      current = {
        ...current,
        asset: {
          ...current.asset,
          params: current.asset.params.map((p) => {
            const ch = changes.find((x) => x.id === p.id);
            return ch
              ? {
                  ...p,
                  ...(ch.value !== undefined ? { value: ch.value } : {}),
                  ...(ch.value_error !== undefined ? { value_error: ch.value_error } : {}),
                }
              : p;
          }),
        },
      };
      return { body: current };
    },
    [`POST ${PATH}/validate`]: (c) => validate?.(c) ?? { body: current },
    [`POST ${PATH}/purchase`]: () => move('pending'),
    [`DELETE ${PATH}`]: () => ({ status: 204 }),
    [`POST ${PATH}/approve`]: () =>
      move('approved', { activation_key: '# Welcome', template: { id: 'TL-222', name: 'Activation' } }),
    [`POST ${PATH}/fail`]: (c) => move('failed', { reason: (c.body as { reason: string }).reason }),
    [`POST ${PATH}/inquire`]: () => move('inquiring'),
    [`POST ${PATH}/schedule`]: (c) =>
      move('scheduled', { planned_date: (c.body as { planned_date: string }).planned_date }),
    [`POST ${PATH}/assign`]: () =>
      move(current.status, { assignee: { id: context.user!.id, name: context.user!.name } }),
    'GET /tier/config-requests': () => listBody(tierRequests),
    'GET /tier/configs': (c) =>
      listBody([tierConfigFixture(c.query.includes(requestFixture().asset.tiers.tier2!.id) ? 2 : 1)]),
    [`GET /products/${PRODUCT.id}/templates`]: () =>
      listBody([
        templateFixture('TL-111', 'Pending notice', 'pending'),
        templateFixture('TL-222', 'Activation', 'fulfillment'),
        templateFixture('TL-333', 'Welcome pack', 'fulfillment'),
        templateFixture('TL-444', 'Please fix', 'inquire'),
      ]),
    [`GET /products/${PRODUCT.id}/templates/TL-222/render`]: () => ({ body: '<h1>Welcome, Harbor Street Bakery</h1>' }),
    // the stored activation text as HTML; a request whose key holds markup is refused here, to show the text fallback
    [`GET ${PATH}/render`]: () =>
      current.activation_key.includes('<img')
        ? { status: 404, body: { error_code: 'NF_001', errors: ['Request not found.'] } }
        : { body: '<h1>Welcome, Harbor Street Bakery</h1>' },
    [`GET /products/${PRODUCT.id}/templates/TL-333/render`]: () => ({ body: '<p>Your welcome pack</p>' }),
    'GET /audit/records': () =>
      listBody([
        {
          id: 'AR-1',
          action: 'approve',
          object: { id: REQUEST_ID, type: 'request' },
          actor: { id: 'UR-100-200-300', name: 'Vera Vendor', type: 'user' },
          account: { id: 'VA-100-200' },
          changes: { status: { before: 'pending', after: 'approved' } },
          events: { created: { at: '2026-01-03T10:00:00Z' } },
        },
      ]),
  });
}

const header = () => screen.getByRole('heading', { level: 1 }).parentElement!;
const ACTIONS = [
  ...VENDOR_ACTIONS,
  'Submit',
  'Validate',
  'Send to pending',
  'Unassign',
  'Revoke',
  'Confirm revocation',
];
async function shownActions() {
  await loaded();
  return ACTIONS.filter((name) => within(header()).queryByRole('button', { name }));
}
/** The page has the request (its type chip shows beside the title). */
async function loaded() {
  await screen.findByRole('heading', { level: 1, name: REQUEST_ID }, { timeout: 10_000 });
  await within(header()).findByText('Purchase');
}
const field = (name: string) => within(document.querySelector(`[data-parameter-field="${name}"]`) as HTMLElement);

describe('fulfillment request details: tabs', () => {
  it('shows the general data, items, parameters of each scope, tier accounts, activation and audit', async () => {
    api({
      request: requestFixture({
        status: 'approved',
        activation_key: '# Welcome',
        template: { id: 'TL-222', name: 'Activation' },
      }),
    });
    renderPortal(URL);
    await loaded();
    // the first tab of every details page reads "Details"
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Details',
      'Items',
      'Parameters',
      'T1 parameters',
      'T2 parameters',
      'Tier accounts',
      'Activation',
      'Conversation',
      'Audit',
    ]);
    // references read "name (id)", the name a link to the object
    await waitFor(() => expect(screen.getByRole('main').textContent).toContain('Cloud Backup (PRD-111-222-333)'));
    expect(screen.getByRole('main').textContent).toContain('Harbor Street Bakery (TA-1000-0000-0002)');
    expect(screen.getByRole('link', { name: 'Harbor Street Bakery' }).getAttribute('href')).toBe(
      '/customers/directory/TA-1000-0000-0002',
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Items' }));
    const items = await screen.findByRole('table', { name: 'Items' });
    expect(within(items).getByText('BK-100')).toBeTruthy();
    expect(within(items).getByText('5')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Parameters' }));
    expect(await screen.findByDisplayValue('Harbor Street Bakery')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Fulfillment parameters' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'T2 parameters' }));
    expect(await screen.findByDisplayValue('SUM-2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'TC-444-555-666' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Tier accounts' }));
    const t1 = await screen.findByRole('region', { name: 'T1' });
    expect(within(t1).getByText(/lukas@alpine\.example/)).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Activation' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Harbor Street Bakery' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Audit' }));
    const audit = await screen.findByRole('table', { name: 'Audit' });
    expect(within(audit).getByText('Vera Vendor')).toBeTruthy();
    expect(within(audit).getByText('Approve')).toBeTruthy();
  });

  it('shows the activation Markdown as text, not HTML, when the formatted text cannot be had', async () => {
    api({
      request: requestFixture({ status: 'approved', activation_key: '<img src=x onerror=alert(1)> **Key**: 123' }),
    });
    renderPortal(`${URL}/activation`);
    const text = await screen.findByLabelText('Activation');
    expect(text.textContent).toBe('<img src=x onerror=alert(1)> **Key**: 123');
    expect(text.querySelector('img')).toBeNull();
  });
});

describe('fulfillment request details: actions', () => {
  it('offers the vendor Approve, Reject and Inquire on a pending request', async () => {
    api();
    renderPortal(URL);
    expect(await shownActions()).toEqual(['Approve', 'Reject', 'Inquire', 'Assign to me', 'Schedule', 'Validate']);
  });

  it('offers the vendor nothing once the request is approved', async () => {
    api({ request: requestFixture({ status: 'approved' }) });
    renderPortal(URL);
    expect(await shownActions()).toEqual([]);
  });

  it("offers the provider none of the vendor's actions", async () => {
    api({ context: PROVIDER });
    renderPortal(URL);
    const shown = await shownActions();
    expect(shown.filter((a) => VENDOR_ACTIONS.includes(a))).toEqual([]);
    expect(shown).toEqual(['Validate']);
  });

  it('keeps Inquire disabled until a parameter is marked invalid, then marking one enables it', async () => {
    api();
    renderPortal(`${URL}/parameters-customer`);
    await shownActions();
    expect((within(header()).getByRole('button', { name: 'Inquire' }) as HTMLButtonElement).disabled).toBe(true);

    const mark = await screen.findByLabelText('Mark Admin email invalid');
    fireEvent.change(mark, { target: { value: 'Use the company domain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect((within(header()).getByRole('button', { name: 'Inquire' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(field('admin_email').getByText('Use the company domain')).toBeTruthy();

    fireEvent.click(within(header()).getByRole('button', { name: 'Inquire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inquire' });
    expect(within(dialog).getByText(/Use the company domain/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inquire' }));
    await waitFor(() => expect(within(header()).getByText('Inquiring')).toBeTruthy());
  });

  it('validate: a failure keeps the user on the parameters with the messages on the fields', async () => {
    const calls = api({
      context: PROVIDER,
      request: requestFixture({ status: 'draft' }),
      validate: () => ({
        status: 400,
        body: {
          error_code: 'VAL_001',
          errors: ['Some parameters are not valid.', 'admin_email: E-mail must be valid'],
          fields: { admin_email: ['E-mail must be valid'] },
          params: [{ id: 'admin_email', value_error: 'E-mail must be valid' }],
        },
      }),
    });
    renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('E-mail must be valid')).toBeTruthy();
    expect(field('admin_email').getByText('E-mail must be valid')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Parameters', selected: true })).toBeTruthy();
    // Not submitted: validation came first and failed.
    expect(calls.some((c) => c.path === `${PATH}/purchase`)).toBe(false);
    // the provider's own (ordering) values: the vendor's tenant_id is not the provider's to send
    expect(calls.find((c) => c.path === `${PATH}/validate`)?.body).toEqual({
      asset: {
        params: [
          { id: 'company', value: 'Harbor Street Bakery' },
          { id: 'admin_email', value: 'mike@harborbakery' },
        ],
      },
    });
  });

  it('submit: a valid draft is validated, then purchased', async () => {
    const calls = api({ context: PROVIDER, request: requestFixture({ status: 'draft' }) });
    renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Submitted: the vendor now processes the request.')).toBeTruthy();
    const posted = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posted).toEqual([`${PATH}/validate`, `${PATH}/purchase`]);
  });

  it('the provider deletes its draft after confirming, and lands on the fulfillment requests', async () => {
    const calls = api({ context: PROVIDER, request: requestFixture({ status: 'draft' }) });
    const { router } = renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete draft' });
    expect(within(dialog).getByText(/and its draft subscription are deleted/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === PATH)).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions/fulfillment'));
  });

  it("approve posts the chosen template, previewed with the request's data", async () => {
    const calls = api();
    renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve request' });
    const select = (await within(dialog).findByLabelText(/Activation template/)) as HTMLSelectElement;
    // Fulfillment templates come first and the first is preselected.
    expect(select.value).toBe('TL-222');
    expect(await within(dialog).findByText('Welcome, Harbor Street Bakery')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'TL-333' } });
    expect(await within(dialog).findByText('Your welcome pack')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/TL-333/render'))?.query).toContain(`request_id=${REQUEST_ID}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(header()).getByText('Approved')).toBeTruthy());
    expect(calls.find((c) => c.path === `${PATH}/approve`)?.body).toEqual({ template_id: 'TL-333' });
  });

  it('reject needs a reason', async () => {
    const calls = api();
    renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(calls.some((c) => c.path === `${PATH}/fail`)).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Out of stock' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(within(header()).getByText('Failed')).toBeTruthy());
    expect(calls.find((c) => c.path === `${PATH}/fail`)?.body).toEqual({ reason: 'Out of stock' });
  });

  it('schedule refuses a date in the past', async () => {
    const calls = api();
    renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule request' });
    fireEvent.change(within(dialog).getByLabelText(/Planned date/), { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    // the domain's message, as the server says it
    expect(await within(dialog).findByText('must be in the future.')).toBeTruthy();
    expect(calls.some((c) => c.path === `${PATH}/schedule`)).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Planned date/), { target: { value: '2099-06-01T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(within(header()).getByText('Scheduled')).toBeTruthy());
    expect((calls.find((c) => c.path === `${PATH}/schedule`)?.body as { planned_date: string }).planned_date).toMatch(
      /^2099-06-01T/,
    );
  });

  it('assign to me assigns the caller', async () => {
    const calls = api();
    renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Assigned to you.')).toBeTruthy();
    // no id: the server assigns the caller (reference)
    expect(calls.find((c) => c.path === `${PATH}/assign`)?.body).toEqual({});
    await waitFor(() => expect(within(header()).queryByRole('button', { name: 'Assign to me' })).toBeNull());
    expect(within(header()).getByRole('button', { name: 'Unassign' })).toBeTruthy();
  });
});

describe('fulfillment request details: tiers setup', () => {
  it('links to the T1 tier config request while it is not itself waiting', async () => {
    api({
      request: requestFixture({ status: 'tiers_setup' }),
      tierRequests: [tierConfigRequestFixture(1, 'pending'), tierConfigRequestFixture(2, 'pending')],
    });
    renderPortal(URL);
    const link = await screen.findByRole('link', { name: 'TCR-111-222-333-001' });
    expect(link.getAttribute('href')).toBe('/tier-configs/requests/TCR-111-222-333-001');
  });

  it('links to the T2 one when the T1 request waits in tiers setup itself', async () => {
    api({
      request: requestFixture({ status: 'tiers_setup' }),
      tierRequests: [tierConfigRequestFixture(1, 'tiers_setup'), tierConfigRequestFixture(2, 'pending')],
    });
    renderPortal(URL);
    const link = await screen.findByRole('link', { name: 'TCR-444-555-666-001' });
    expect(link.getAttribute('href')).toBe('/tier-configs/requests/TCR-444-555-666-001');
    expect(screen.queryByRole('link', { name: 'TCR-111-222-333-001' })).toBeNull();
  });
});
