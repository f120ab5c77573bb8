import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../test-utils.tsx';
import { listBody } from '../identity/testing.tsx';
import { PRODUCTS, REPORT_ID, TEMPLATE_ID, reportFixture, templateFixture } from './testing.ts';

// Reports › Run report: only enabled templates are offered; the form is generated from the template's typed
// parameters (one field per type); the body is what the API takes; then the report's page.

beforeAll(async () => {
  await Promise.all([import('./ReportsPage.tsx'), import('./ReportDetailsPage.tsx')]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Answer = { status?: number; body?: unknown };

function api(post: (c: Call) => Answer = () => ({ status: 201, body: reportFixture({ status: 'pending' }) })) {
  return mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    'GET /reporting/reports': () => listBody([]),
    'GET /reporting/templates': () => listBody([templateFixture()]),
    [`GET /reporting/templates/${TEMPLATE_ID}`]: () => ({ body: templateFixture() }),
    'GET /products': () => listBody(PRODUCTS),
    'POST /reporting/reports': post,
    [`GET /reporting/reports/${REPORT_ID}`]: () => ({ body: reportFixture({ status: 'pending' }) }),
  });
}

const field = (dialog: HTMLElement, label: string | RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } });

async function pick(dialog: HTMLElement, label: RegExp, option: string | RegExp) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function openRun() {
  const portal = renderPortal('/reports/history');
  fireEvent.click(await screen.findByRole('button', { name: 'Run report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Run report' });
  await waitFor(() =>
    expect(
      within(dialog)
        .getByRole('combobox', { name: /^Template/ })
        .getAttribute('aria-disabled'),
    ).toBeNull(),
  );
  await pick(dialog, /^Template/, 'Fulfillment requests by period and outcome');
  return { ...portal, dialog };
}

describe('run report', () => {
  it('offers the enabled templates only and generates a field per parameter type', async () => {
    const calls = api();
    const { dialog } = await openRun();
    expect(calls.find((c) => c.path === '/reporting/templates')!.query).toContain('eq(status,enabled)');
    expect(field(dialog, /^Name/).value).toBe('Fulfillment requests by period and outcome');
    // date range: two days; checkbox and product: all, or some; choice: one value
    expect(field(dialog, 'Created from')).toBeTruthy();
    expect(field(dialog, 'Created to')).toBeTruthy();
    expect((field(dialog, 'All: Status') as HTMLInputElement).checked).toBe(true);
    expect((field(dialog, 'All: Product') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('combobox', { name: /^Grouping/ })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: /^Format/ }).textContent).toBe('Excel workbook');
  });

  it('refuses a missing required parameter with the domain’s message before anything is sent', async () => {
    const calls = api();
    const { dialog } = await openRun();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    type(dialog, 'Created from', '2026-10-31');
    type(dialog, 'Created to', '2026-10-01');
    expect(await within(dialog).findByText('The first day must not be after the last.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the parameters as the API takes them, then opens the report’s page', async () => {
    const calls = api();
    const { dialog, router } = await openRun();
    type(dialog, /^Name/, 'October requests');
    type(dialog, 'Created from', '2026-10-01');
    type(dialog, 'Created to', '2026-10-31');
    fireEvent.click(field(dialog, 'All: Status'));
    await pick(dialog, /^Status/, 'Approved');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(field(dialog, 'All: Product'));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('combobox', { name: /^Product/ })
          .getAttribute('aria-disabled'),
      ).toBeNull(),
    );
    await pick(dialog, /^Product/, 'Mail Relay (PRD-444-555-666)');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await pick(dialog, /^Grouping/, 'Product');
    await pick(dialog, /^Format/, 'CSV (comma-separated values)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/reports/history/${REPORT_ID}`));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'October requests',
      template: { id: TEMPLATE_ID },
      renderer: 'csv',
      parameters: {
        period: { after: '2026-10-01', before: '2026-11-01' },
        status: { all: false, choices: ['approved'] },
        product: { all: false, choices: ['PRD-444-555-666'] },
        grouping: 'product',
      },
    });
    expect(await screen.findByText(/October requests is queued/)).toBeTruthy();
  });

  it('puts the server’s 400 on the parameter it names', async () => {
    api(() => ({
      status: 400,
      body: { error_code: 'VAL_001', errors: ['parameters.period: "after" must be earlier than "before".'] },
    }));
    const { dialog } = await openRun();
    type(dialog, 'Created from', '2026-10-01');
    type(dialog, 'Created to', '2026-10-31');
    await pick(dialog, /^Grouping/, 'Request');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await within(dialog).findByText('"after" must be earlier than "before".')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
