import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestParam } from '@trellis/domain/fulfillment/common';
import { ApiError } from '../../api/errors.ts';
import { portalTheme } from '../../app/theme.ts';
import { RequestParamsEditor, type RequestParamsEditorProps } from './index.ts';

afterEach(cleanup);

const param = (id: string, phase: string, extra: Partial<RequestParam> = {}): RequestParam => ({
  id,
  name: id,
  title: id.charAt(0).toUpperCase() + id.slice(1),
  description: '',
  type: 'text',
  phase,
  scope: 'asset',
  value: null,
  value_error: '',
  constraints: {},
  ...extra,
});
const PARAMS = [
  param('company', 'ordering', { value: 'ACME', constraints: { required: true } }),
  param('email', 'ordering', { type: 'email', value: 'ops@acme' }),
  param('tenant', 'fulfillment'),
];

function renderEditor(props: Partial<RequestParamsEditorProps> = {}) {
  return render(
    <ThemeProvider theme={portalTheme()}>
      <RequestParamsEditor params={PARAMS} {...props} />
    </ThemeProvider>,
  );
}
const field = (name: string) => {
  const el = document.querySelector(`[data-parameter-field="${name}"]`);
  if (!el) throw new Error(`no field ${name}`);
  return within(el as HTMLElement);
};
const input = (name: string) => field(name).getByRole('textbox') as HTMLInputElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('RequestParamsEditor', () => {
  it('groups the parameters by phase and lets the side edit only its own', () => {
    renderEditor({ editable: (p) => p.phase === 'ordering', onSave: vi.fn() });
    const ordering = screen.getByRole('region', { name: 'Ordering parameters' });
    const fulfillment = screen.getByRole('region', { name: 'Fulfillment parameters' });
    expect(within(ordering).getByDisplayValue('ACME')).toBeTruthy();
    expect(within(fulfillment).getByLabelText('Tenant')).toBeTruthy();
    expect(input('company').disabled).toBe(false);
    expect(input('tenant').disabled).toBe(true);
  });

  it('saves only what changed', async () => {
    const onSave = vi.fn(async () => undefined);
    renderEditor({ editable: (p) => p.phase === 'ordering', onSave });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    type(input('email'), 'ops@acme.com');
    fireEvent.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith([{ id: 'email', value: 'ops@acme.com' }]));
  });

  it("shows the object's errors on the fields, and clears one once its value changes", () => {
    renderEditor({
      params: [PARAMS[0], { ...PARAMS[1], value_error: 'E-mail must be valid' }],
      editable: () => true,
      onSave: vi.fn(),
    });
    expect(field('email').getByText('E-mail must be valid')).toBeTruthy();
    type(input('email'), 'ops@acme.com');
    expect(field('email').queryByText('E-mail must be valid')).toBeNull();
  });

  it('puts the messages of a refused save on the fields', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(400, {
        error_code: 'VAL_001',
        errors: ['Some parameters are not valid.', 'company: This field is required'],
        params: [{ id: 'company', value_error: 'This field is required' }],
      });
    });
    renderEditor({ editable: (p) => p.phase === 'ordering', onSave });
    type(input('company'), '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await field('company').findByText('This field is required')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Some parameters are not valid.');
  });

  it("lets the vendor mark the provider's parameters invalid and edit its own", async () => {
    const onSave = vi.fn(async () => undefined);
    renderEditor({ editable: (p) => p.phase === 'fulfillment', markErrors: true, onSave });
    expect(document.querySelector('[data-mark-invalid="tenant"]')).toBeNull();
    type(document.querySelector('[data-mark-invalid="email"]') as HTMLElement, 'Use the company domain');
    type(input('tenant'), 'acme-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith([
        { id: 'email', value_error: 'Use the company domain' },
        { id: 'tenant', value: 'acme-01' },
      ]),
    );
  });

  it('dynamic validation: errors stay on the fields; a clean answer says so', async () => {
    const onValidate = vi.fn(async (values: { id: string; value?: string | null }[]) =>
      PARAMS.map((p) => {
        const v = values.find((x) => x.id === p.id)?.value;
        return {
          ...p,
          value: v ?? null,
          value_error: p.id === 'email' && !v?.includes('.') ? 'E-mail must be valid' : '',
        };
      }),
    );
    renderEditor({ editable: (p) => p.phase === 'ordering', onSave: vi.fn(), onValidate });
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await field('email').findByText('E-mail must be valid')).toBeTruthy();
    expect(onValidate.mock.calls[0][0]).toEqual([
      { id: 'company', value: 'ACME' },
      { id: 'email', value: 'ops@acme' },
      { id: 'tenant', value: null },
    ]);
    type(input('email'), 'ops@acme.com');
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('All parameters are valid.')).toBeTruthy();
    expect(field('email').queryByText('E-mail must be valid')).toBeNull();
  });

  it('starts again from the object when it changes (after a save)', () => {
    function Reloading() {
      const [params, setParams] = useState(PARAMS);
      return (
        <ThemeProvider theme={portalTheme()}>
          <RequestParamsEditor params={params} editable={() => true} onSave={vi.fn()} />
          <button
            type="button"
            onClick={() => setParams(PARAMS.map((p) => (p.id === 'company' ? { ...p, value: 'ACME Ltd' } : p)))}
          >
            Reload
          </button>
        </ThemeProvider>
      );
    }
    render(<Reloading />);
    type(input('email'), 'typed@acme.com');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(input('company').value).toBe('ACME Ltd');
    expect(input('email').value).toBe('ops@acme');
  });
});
