import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { itemFixture, PRODUCT_ID, renderSignedIn, UNITS } from '../common/testing.tsx';
import { ItemDialog } from './ItemDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (dialog: HTMLElement, label: RegExp | string) => within(dialog).getByLabelText(label) as HTMLInputElement;
/** The text a MUI select shows. */
const shown = (dialog: HTMLElement, label: string) => within(dialog).getByRole('combobox', { name: label }).textContent;

async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

function api() {
  return mockApi({
    'GET /settings/units': () => listBody(UNITS),
    'GET /products/PRD-111-222-333/item-groups': () => listBody([]),
    'POST /products/PRD-111-222-333/items': (c) => ({ status: 201, body: { ...itemFixture, ...(c.body as object) } }),
    'PUT /products/PRD-111-222-333/items/PRD-111-222-333-0001': (c) => ({
      body: { ...itemFixture, ...(c.body as object) },
    }),
  });
}

describe('item form', () => {
  it('starts from the item defaults: reservation, one month, commitment 1, plain unit, integer, visible', async () => {
    api();
    renderSignedIn(<ItemDialog productId={PRODUCT_ID} open onClose={() => {}} onSaved={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create item' });
    await waitFor(() => expect(shown(dialog, 'Unit')).toBe('Units'));
    expect(shown(dialog, 'Type')).toBe('Reservation');
    expect(shown(dialog, 'Period')).toBe('1 month');
    expect(shown(dialog, 'Precision')).toBe('Integer');
    expect(field(dialog, 'Commitment').value).toBe('1');
    expect(field(dialog, 'Quantity').value).toBe('-1');
    expect((within(dialog).getByRole('switch', { name: 'Visible to customers' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('switching to pay-per-use sets quantity -1 (unlimited), units × hours and one decimal; switching back restores the reservation defaults', async () => {
    const calls = api();
    const onSaved = vi.fn();
    renderSignedIn(<ItemDialog productId={PRODUCT_ID} open onClose={() => {}} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create item' });
    await waitFor(() => expect(shown(dialog, 'Unit')).toBe('Units'));
    fireEvent.change(field(dialog, 'Quantity'), { target: { value: '25' } });

    await choose(dialog, 'Type', 'Pay-as-you-go');
    expect(field(dialog, 'Quantity').value).toBe('-1');
    expect(field(dialog, 'Quantity').disabled).toBe(true);
    expect(shown(dialog, 'Unit')).toBe('Units × hours');
    expect(shown(dialog, 'Precision')).toBe('1 decimal');
    expect(within(dialog).getByText('Unlimited for pay-as-you-go items.')).toBeTruthy();

    await choose(dialog, 'Type', 'Reservation');
    expect(shown(dialog, 'Unit')).toBe('Units');
    expect(shown(dialog, 'Precision')).toBe('Integer');
    expect(field(dialog, 'Quantity').disabled).toBe(false);

    await choose(dialog, 'Type', 'Pay-as-you-go');
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'Storage usage' } });
    fireEvent.change(field(dialog, /^MPN/), { target: { value: 'ST-USE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Storage usage',
      mpn: 'ST-USE',
      type: 'ppu',
      period: 'monthly',
      commitment: { count: 1 },
      precision: 'decimal(1)',
      unit: { id: 'unith' },
      quantity: -1,
      group: null,
      ui: { visibility: true },
    });
  });

  it('shows the exact messages for missing fields and a quantity that is not an integer, and sends nothing', async () => {
    const calls = api();
    renderSignedIn(<ItemDialog productId={PRODUCT_ID} open onClose={() => {}} onSaved={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create item' });
    fireEvent.change(field(dialog, 'Quantity'), { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(within(dialog).getByText('Only integers are allowed')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits a published item without sending its fixed type fields, which are disabled', async () => {
    const calls = api();
    const onSaved = vi.fn();
    renderSignedIn(
      <ItemDialog productId={PRODUCT_ID} open item={itemFixture as never} onClose={() => {}} onSaved={onSaved} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit item' });
    expect(field(dialog, 'Quantity').disabled).toBe(true);
    expect(within(dialog).getByRole('combobox', { name: 'Type' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'Backup 200 GB' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body.name).toBe('Backup 200 GB');
    for (const f of ['type', 'period', 'commitment', 'precision', 'unit', 'quantity'])
      expect(body).not.toHaveProperty(f);
  });
});
