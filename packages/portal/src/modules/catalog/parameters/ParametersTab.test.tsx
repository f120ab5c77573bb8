import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PARAMETER_NAME_RULE } from '@trellis/domain/catalog/parameter';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { ParametersTab } from './ParametersTab.tsx';
import { PRODUCT_ID, product, renderSignedIn } from './testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const param = (
  n: number,
  name: string,
  type: string,
  extra: Record<string, unknown> = {},
  constraints: Record<string, unknown> = {},
) => ({
  id: `PRM-100-200-300-000${n}`,
  name,
  title: name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' '),
  description: '',
  hint: '',
  placeholder: '',
  type,
  phase: 'ordering',
  scope: 'asset',
  default_country: null,
  parent: null,
  position: n,
  product: { id: PRODUCT_ID },
  events: {},
  constraints: {
    required: false,
    hidden: false,
    readonly: false,
    unique: false,
    reconciliation: false,
    choices: [],
    min_length: null,
    max_length: null,
    meta: {},
    dependency: null,
    ...constraints,
  },
  ...extra,
});

const plans = [
  { value: 'gold', label: 'Gold' },
  { value: 'silver', label: 'Silver' },
];
const PARAMS = [
  param(1, 'admin_email', 'email', {}, { required: true }),
  param(2, 'plan', 'dropdown', { scope: 'tier1' }, { required: true, choices: plans }),
  param(3, 'reseller_code', 'text', { scope: 'tier2' }, { min_length: 3 }),
  param(4, 'activation_code', 'text', { phase: 'fulfillment' }),
  param(5, 'api_region', 'text', { phase: 'configuration', scope: 'product' }),
];

/** The list as the API answers it: the phase and scopes the query asks for (RQL `eq(phase,…)`, `in(scope,(…))`). */
const answer = (query: string) => {
  const phase = /eq\(phase,(\w+)\)/.exec(query)?.[1];
  const scopes = /in\(scope,\(([^)]*)\)\)/.exec(query)?.[1]?.split(',');
  return listBody(PARAMS.filter((p) => (!phase || p.phase === phase) && (!scopes || scopes.includes(p.scope))));
};

const handlers = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    [`GET /products/${PRODUCT_ID}/parameters`]: (c) => answer(c.query),
    ...extra,
  });

/** The titles in the list, in its order (the title column, after the position). */
const rowTitles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1].textContent);
const fieldOf = (root: HTMLElement, name: string) =>
  within(root.querySelector(`[data-parameter-field="${name}"]`) as HTMLElement);

describe('ParametersTab', () => {
  it('lists the parameters of its phase by title and filters them by scope', async () => {
    const calls = handlers();
    renderSignedIn(<ParametersTab productId={PRODUCT_ID} phase="ordering" readOnly={false} />);
    await screen.findByText('admin_email');
    expect(rowTitles()).toEqual(['Admin email', 'Plan', 'Reseller code']);
    // scopes read as the tier labels; only the phase's scopes are offered
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Scope' }));
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Customer', 'T1', 'T2']);
    fireEvent.click(options[1]);
    fireEvent.keyDown(listbox, { key: 'Escape' });
    await waitFor(() => expect(rowTitles()).toEqual(['Plan']));
    expect(calls.some((c) => c.query.includes('in(scope,(tier1))') && c.query.includes('eq(phase,ordering)'))).toBe(
      true,
    );
    expect(screen.getByRole('link', { name: 'Plan' }).getAttribute('href')).toBe(
      `/products/${PRODUCT_ID}/parameters/ordering/PRM-100-200-300-0002`,
    );
  });

  it('previews the order form grouped Customer / T1 / T2 and validates it with the shared messages', async () => {
    handlers();
    renderSignedIn(<ParametersTab productId={PRODUCT_ID} phase="ordering" readOnly={false} />);
    await screen.findByText('admin_email');
    fireEvent.click(screen.getByRole('button', { name: 'Preview order form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview order form' });
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Customer', 'T1', 'T2']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(fieldOf(dialog, 'admin_email').getByText('This field is required')).toBeTruthy();
    expect(fieldOf(dialog, 'plan').getByText('This field is required')).toBeTruthy();
    expect(within(dialog).getByText('2 fields need attention.')).toBeTruthy();

    fireEvent.change(fieldOf(dialog, 'admin_email').getByRole('textbox'), { target: { value: 'admin@' } });
    fireEvent.change(fieldOf(dialog, 'reseller_code').getByRole('textbox'), { target: { value: 'ab' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(fieldOf(dialog, 'admin_email').getByText('E-mail must be valid')).toBeTruthy();
    expect(fieldOf(dialog, 'reseller_code').getByText('Input must be at least 3 characters')).toBeTruthy();

    fireEvent.change(fieldOf(dialog, 'admin_email').getByRole('textbox'), { target: { value: 'admin@example.com' } });
    fireEvent.change(fieldOf(dialog, 'reseller_code').getByRole('textbox'), { target: { value: 'abc' } });
    fireEvent.change(fieldOf(dialog, 'plan').getByRole('combobox'), { target: { value: 'gold' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(within(dialog).getByText('All values are valid.')).toBeTruthy();
    expect(within(dialog).queryByText('This field is required')).toBeNull();
  });

  it('checks a new definition with the shared rules before sending, then posts it', async () => {
    const calls = handlers({
      [`POST /products/${PRODUCT_ID}/parameters`]: (c) => ({
        status: 201,
        body: { ...param(6, 'size', 'dropdown'), ...(c.body as object) },
      }),
    });
    renderSignedIn(<ParametersTab productId={PRODUCT_ID} phase="ordering" readOnly={false} />);
    await screen.findByText('admin_email');
    fireEvent.click(screen.getByRole('button', { name: 'Add parameter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add parameter' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '1size' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(PARAMETER_NAME_RULE)).toBeTruthy();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'size' } });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Size' } });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'dropdown' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('At least one choice is required for a dropdown parameter.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add choice' }));
    fireEvent.change(within(dialog).getByLabelText('Choice 1 value'), { target: { value: 'xl' } });
    fireEvent.change(within(dialog).getByLabelText('Choice 1 label'), { target: { value: 'Extra large' } });
    fireEvent.change(within(dialog).getByLabelText('Depends on'), { target: { value: 'plan' } });
    fireEvent.click(within(dialog).getByLabelText('Gold'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, any>;
    expect(body).toMatchObject({ name: 'size', title: 'Size', type: 'dropdown', phase: 'ordering', scope: 'asset' });
    expect(body.constraints.choices).toEqual([{ value: 'xl', label: 'Extra large' }]);
    expect(body.constraints.dependency).toEqual({ parameter: { name: 'plan' }, values: ['gold'], hidden: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add parameter' })).toBeNull());
  });

  it('shows the server refusal of a delete in its words', async () => {
    const message = "Parameter 'plan' is a dependency of 'size'; remove or change that dependency first.";
    handlers({
      'DELETE /products/PRD-100-200-300/parameters/PRM-100-200-300-0002': () => ({
        status: 400,
        body: { error_code: 'VAL_001', errors: [message] },
      }),
    });
    renderSignedIn(<ParametersTab productId={PRODUCT_ID} phase="ordering" readOnly={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete parameter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });

  it('read-only: no write actions, the preview stays', async () => {
    handlers();
    renderSignedIn(<ParametersTab productId={PRODUCT_ID} phase="ordering" readOnly />);
    await screen.findByText('admin_email');
    expect(screen.queryByRole('button', { name: 'Add parameter' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Move) / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Preview order form' })).toBeTruthy();
  });
});

describe('configuration parameter details', () => {
  it('saves a value through /configurations and shows the value_error of a 400 on the field', async () => {
    const p = { ...PARAMS[4], type: 'email', title: 'Support e-mail' };
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      [`GET /products/${PRODUCT_ID}`]: () => ({ body: product }),
      [`GET /products/${PRODUCT_ID}/parameters`]: () => listBody([p]),
      [`GET /products/${PRODUCT_ID}/parameters/${p.id}`]: () => ({ body: p }),
      [`GET /products/${PRODUCT_ID}/configurations`]: () => listBody([]),
      [`POST /products/${PRODUCT_ID}/configurations`]: () => ({
        status: 400,
        body: {
          error_code: 'VAL_001',
          errors: ['api_region: E-mail must be valid'],
          params: { api_region: { value_error: 'E-mail must be valid' } },
        },
      }),
    });
    renderPortal(`/products/${PRODUCT_ID}/configuration/${p.id}`);
    const section = await screen.findByRole('region', { name: 'Set a value' });
    fireEvent.change(within(section).getByRole('textbox'), { target: { value: 'nope' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save value' }));
    expect(await within(section).findByText('E-mail must be valid')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ parameter: { id: p.id }, value: 'nope' });
  });
});
