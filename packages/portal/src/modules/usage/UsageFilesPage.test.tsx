import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pathTo } from '../../app/routes.ts';
import type { AuthContext } from '../../app/session/types.ts';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { COUNTERS, countedQuery } from '../dashboard/counters.ts';
import { listBody } from '../identity/testing.tsx';
import { contractFixture } from '../partners/testing.ts';
import { FILE_ID, fileFixture, PRODUCT } from './testing.ts';

beforeAll(async () => {
  await import('./UsageFilesPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

const CONTRACT = contractFixture({ status: 'active' });
const MARKETPLACES = [
  { id: 'MP-12345', name: 'Provider Europe', owner: { id: PROVIDER.account.id, name: 'Demo Provider' } },
  { id: 'MP-67890', name: 'Provider Nordics', owner: { id: PROVIDER.account.id, name: 'Demo Provider' } },
];

function api(context: AuthContext) {
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    'GET /usage/files': () => listBody([fileFixture({ status: 'pending' })]),
    'GET /products': () => listBody([PRODUCT]),
    'GET /contracts': () => listBody([CONTRACT]),
    'GET /marketplaces': () => listBody(MARKETPLACES),
    'POST /usage/files': (c) => ({ status: 201, body: fileFixture({ name: (c.body as { name: string }).name }) }),
  });
}
const lastQuery = (calls: ReturnType<typeof api>, path = '/usage/files') =>
  calls.filter((c) => c.path === path && c.method === 'GET').at(-1)!.query;

describe('usage files list', () => {
  it('shows each status group in its own tab, kept in the URL', async () => {
    const calls = api(VENDOR_CONTEXT);
    renderPortal('/usage/incomplete');
    const table = await screen.findByRole('table', { name: 'Usage file' });
    await within(table).findByText(FILE_ID);
    expect(lastQuery(calls)).toContain('in(status,(draft,uploading,uploaded,processing,ready,invalid,rejected))');
    // the status filter offers only the tab's statuses
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    const offered = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(offered.map((o) => o.textContent)).toEqual([
      'Draft',
      'Uploading',
      'Uploaded',
      'Processing',
      'Ready',
      'Invalid',
      'Rejected',
    ]);
    cleanup();

    const pending = api(VENDOR_CONTEXT);
    renderPortal('/usage/pending');
    await screen.findByRole('table', { name: 'Usage file' });
    await waitFor(() => expect(lastQuery(pending)).toContain('in(status,(pending))'));
    // one status: nothing to choose
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All',
      'Incomplete',
      'Pending',
      'Accepted',
      'Closed',
    ]);
    expect(screen.getByRole('tab', { name: 'Pending' }).getAttribute('aria-selected')).toBe('true');
    cleanup();

    const all = api(VENDOR_CONTEXT);
    renderPortal('/usage');
    await screen.findByRole('table', { name: 'Usage file' });
    await waitFor(() => expect(lastQuery(all)).not.toContain('status'));
  });

  it("opens on what the dashboard's card counts, for each side", async () => {
    const info = COUNTERS.usage_files;
    const url = pathTo(info.route!, { tab: info.tab }) + countedQuery(info, 'provider');
    const calls = api(PROVIDER);
    const { router } = renderPortal(url);
    await screen.findByRole('table', { name: 'Usage file' });
    await waitFor(() => expect(lastQuery(calls)).toContain('in(status,(pending,accepted))'));
    expect(router.state.location.pathname).toBe('/usage/all');
    expect(countedQuery(info, 'vendor')).not.toBe(countedQuery(info, 'provider'));
  });

  it('offers the provider no new file', async () => {
    api(PROVIDER);
    renderPortal('/usage/all');
    await screen.findByRole('table', { name: 'Usage file' });
    expect(screen.queryByRole('button', { name: 'New usage file' })).toBeNull();
  });
});

describe('new usage file', () => {
  const pick = async (label: string, option: string | RegExp) => {
    fireEvent.mouseDown(within(screen.getByRole('dialog')).getByRole('combobox', { name: new RegExp(`^${label}`) }));
    fireEvent.click(await screen.findByRole('option', { name: option }));
  };

  it("creates a draft for one of the vendor's products under an active contract, for last month by default", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-15T12:00:00Z'));
    const calls = api(VENDOR_CONTEXT);
    const { router } = renderPortal('/usage/all');
    fireEvent.click(await screen.findByRole('button', { name: 'New usage file' }));
    const dialog = await screen.findByRole('dialog', { name: 'New usage file' });
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(lastQuery(calls, '/products')).toContain(`eq(owner.id,${VENDOR_CONTEXT.account.id})`);
    expect(lastQuery(calls, '/contracts')).toContain('eq(status,active)');

    // the form asks for what the declaration requires, in its words
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(3);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Storage November' } });
    await pick('Product', `${PRODUCT.name} (${PRODUCT.id})`);
    // the agreement tells apart two contracts with the same provider
    await pick('Contract', `Demo Provider · Distribution · ${CONTRACT.agreement.name} · ${CONTRACT.id}`);
    // the contract's marketplace is the default; the provider's others can be chosen
    await waitFor(() => expect(lastQuery(calls, '/marketplaces')).toContain(`eq(owner.id,${PROVIDER.account.id})`));
    expect(within(dialog).getByRole('combobox', { name: 'Marketplace' }).textContent).toBe(
      'Provider Europe (MP-12345)',
    );
    await pick('Marketplace', 'Provider Nordics (MP-67890)');
    expect((within(dialog).getByLabelText(/^First day/) as HTMLInputElement).value).toBe('2026-11-01');
    expect((within(dialog).getByLabelText(/^Last day/) as HTMLInputElement).value).toBe('2026-11-30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/usage/files/${FILE_ID}`));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Storage November',
      product: { id: PRODUCT.id },
      contract: { id: CONTRACT.id },
      marketplace: { id: 'MP-67890' },
      period: { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' },
    });
  });

  it('says when the period ends before it starts', async () => {
    api(VENDOR_CONTEXT);
    renderPortal('/usage/all');
    fireEvent.click(await screen.findByRole('button', { name: 'New usage file' }));
    const dialog = await screen.findByRole('dialog', { name: 'New usage file' });
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    // the pickers' choices load first
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.change(within(dialog).getByLabelText(/^First day/), { target: { value: '2026-11-10' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2026-11-08' } });
    fireEvent.click(create);
    expect(await within(dialog).findByText('The period must end after it starts.')).toBeTruthy();
  });
});

describe('usage rules', () => {
  const ITEM = { id: `${PRODUCT.id}-0003`, name: 'Extra storage', mpn: 'SMS-GB', type: 'ppu' };
  const RULE = {
    id: 'UIR-100-200-300',
    action: 'manual',
    scope: 'record',
    rule: 'gt(usage,500)',
    status: 'active',
    item: { id: ITEM.id, name: ITEM.name },
    events: { created: { at: '2026-11-20T10:00:00Z' } },
  };
  const rules = `/products/${PRODUCT.id}/usage/rules`;

  it("lists the provider's rules of a product and adds one, the form checked like the server", async () => {
    const calls = mockApi({
      'GET /auth/context': () => ({ body: PROVIDER }),
      'GET /products': () => listBody([PRODUCT]),
      [`GET /products/${PRODUCT.id}/items`]: () => listBody([ITEM]),
      [`GET ${rules}`]: () => listBody([RULE]),
      [`POST ${rules}`]: (c) => ({
        status: 201,
        body: { ...RULE, ...(c.body as object), id: 'UIR-400-500-600', item: RULE.item },
      }),
    });
    renderPortal('/usage/rules');
    const table = await screen.findByRole('table', { name: 'Usage rule' });
    await within(table).findByText('gt(usage,500)');
    expect(within(table).getByText('Review manually')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Usage rules' }).getAttribute('aria-selected')).toBe('true');
    expect(calls.find((c) => c.path === `/products/${PRODUCT.id}/items`)!.query).toContain('eq(type,ppu)');

    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a usage rule' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Action/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Reject' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Applies to/ }));
    fireEvent.click(await screen.findByRole('option', { name: "The item's totals in the file" }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Condition' }), {
      target: { value: 'gt(usage,20000)' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      item: { id: ITEM.id },
      action: 'reject',
      scope: 'file',
      rule: 'gt(usage,20000)',
    });
    expect(
      await screen.findByText('Usage rule UIR-400-500-600 was added: Reject Extra storage when gt(usage,20000).'),
    ).toBeTruthy();
  });
});
