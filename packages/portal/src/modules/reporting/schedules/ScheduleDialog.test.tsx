import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportSchedule } from '@trellis/domain/reporting/schedule';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { PRODUCTS, SCHEDULE_ID, TEMPLATE_ID, scheduleFixture, templateFixture } from '../testing.ts';

// Reports › Schedules › Add schedule: the template's generated parameters and the trigger — a frequency, or a cron
// expression checked with the domain's rule (the spec's message), described in words with its next five runs.

beforeAll(async () => {
  await Promise.all([import('../ReportsPage.tsx'), import('./ScheduleDetailsPage.tsx')]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const MEMBERS = [
  { id: 'UR-100-200-300', name: 'Vera Vendor', email: 'vendor@demo.trellis', status: 'joined' },
  { id: 'UR-100-200-400', name: 'Max Multi', email: 'multi@demo.trellis', status: 'joined' },
];

function api(over: Record<string, (c: Call) => { status?: number; body?: unknown }> = {}) {
  return mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    [`GET /accounts/${VENDOR_CONTEXT.account.id}/users`]: () => listBody(MEMBERS),
    'GET /reporting/schedules': () => listBody([]),
    'GET /reporting/templates': () => listBody([templateFixture()]),
    [`GET /reporting/templates/${TEMPLATE_ID}`]: () => ({ body: templateFixture() }),
    'GET /products': () => listBody(PRODUCTS),
    'POST /reporting/schedules': (c: Call) => ({
      status: 201,
      body: scheduleFixture(c.body as Partial<ReportSchedule>),
    }),
    [`GET /reporting/schedules/${SCHEDULE_ID}`]: () => ({ body: scheduleFixture() }),
    'GET /reporting/reports': () => listBody([]),
    ...over,
  });
}

const field = (dialog: HTMLElement, label: string | RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } });

async function pick(dialog: HTMLElement, label: RegExp, option: string | RegExp) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function openAdd(fill = true) {
  const portal = renderPortal('/reports/schedules');
  fireEvent.click(await screen.findByRole('button', { name: 'Add schedule' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add schedule' });
  await waitFor(() =>
    expect(
      within(dialog)
        .getByRole('combobox', { name: /^Template/ })
        .getAttribute('aria-disabled'),
    ).toBeNull(),
  );
  await pick(dialog, /^Template/, 'Fulfillment requests by period and outcome');
  if (!fill) return { ...portal, dialog };
  type(dialog, 'Created from', '2026-10-01');
  type(dialog, 'Created to', '2026-10-31');
  await pick(dialog, /^Grouping/, 'Request');
  return { ...portal, dialog };
}

describe('add schedule', () => {
  it('refuses a bad cron expression with the spec’s message', async () => {
    const calls = api();
    const { dialog } = await openAdd(false);
    // a valid daily trigger is described until the cron expression replaces it
    expect(within(dialog).getByText('At 06:00 (UTC)')).toBeTruthy();
    await pick(dialog, /^Frequency/, 'Cron expression');
    type(dialog, /^Cron expression/, '61 * * * *');
    expect(await within(dialog).findByText('Cron expression is not valid')).toBeTruthy();
    expect(within(dialog).queryByRole('list', { name: 'Next runs' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(dialog).getAllByText('This field is required').length).toBeGreaterThan(0));
    expect(within(dialog).getByText('Cron expression is not valid')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('describes a good cron expression with its next five runs and sends it', async () => {
    const calls = api();
    const { dialog, router } = await openAdd();
    await pick(dialog, /^Frequency/, 'Cron expression');
    type(dialog, /^Cron expression/, '0 6 * * 1-5');
    expect(await within(dialog).findByText('At 06:00, Monday through Friday (UTC)')).toBeTruthy();
    expect(within(dialog).queryByText('Cron expression is not valid')).toBeNull();
    const runs = within(within(dialog).getByRole('list', { name: 'Next runs' })).getAllByRole('listitem');
    expect(runs).toHaveLength(5);
    // the user's zone is UTC: each run is a weekday at 06:00
    for (const r of runs) {
      const [, mm, dd, yyyy] = /^(\d\d)\/(\d\d)\/(\d{4}) 06:00$/.exec(r.textContent!)!;
      expect(new Date(Date.UTC(+yyyy, +mm - 1, +dd)).getUTCDay()).toBeGreaterThanOrEqual(1);
      expect(new Date(Date.UTC(+yyyy, +mm - 1, +dd)).getUTCDay()).toBeLessThanOrEqual(5);
    }

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/reports/schedules/${SCHEDULE_ID}`));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Fulfillment requests by period and outcome',
      template: { id: TEMPLATE_ID },
      renderer: 'xlsx',
      parameters: {
        period: { after: '2026-10-01', before: '2026-11-01' },
        status: { all: true, choices: [] },
        product: { all: true, choices: [] },
        grouping: 'request',
      },
      trigger: { frequency: 'daily', time: '00:00', cron: '0 6 * * 1-5' },
    });
  });

  it('describes a weekly trigger and sends its day and time', async () => {
    const calls = api();
    const { dialog } = await openAdd();
    await pick(dialog, /^Frequency/, 'Weekly');
    await pick(dialog, /^Day/, 'Monday');
    expect(await within(dialog).findByText('At 06:00, only on Monday (UTC)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect((calls.find((c) => c.method === 'POST')!.body as { trigger: unknown }).trigger).toEqual({
      frequency: 'weekly',
      time: '06:00',
      day_of_week: 1,
    });
  });

  it('names recipients among the account’s users and sends them by id', async () => {
    const calls = api();
    const { dialog } = await openAdd();
    expect(field(dialog, /^Recipients/).closest('.MuiFormControl-root')!.textContent).toContain(
      "mailed a link to each run's report",
    );
    fireEvent.mouseDown(field(dialog, /^Recipients/));
    fireEvent.click(await screen.findByRole('option', { name: 'Max Multi (UR-100-200-400)' }));
    fireEvent.mouseDown(field(dialog, /^Recipients/));
    fireEvent.click(await screen.findByRole('option', { name: 'Vera Vendor (UR-100-200-300)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect((calls.find((c) => c.method === 'POST')!.body as { recipients: unknown }).recipients).toEqual([
      { id: 'UR-100-200-400' },
      { id: 'UR-100-200-300' },
    ]);
  });

  it('shows the server’s refusal of a recipient on the field', async () => {
    api({
      'POST /reporting/schedules': () => ({
        status: 400,
        body: { error_code: 'VAL_001', errors: ['recipients: UR-100-200-400 is not an active user of your account.'] },
      }),
    });
    const { dialog } = await openAdd();
    fireEvent.mouseDown(field(dialog, /^Recipients/));
    fireEvent.click(await screen.findByRole('option', { name: 'Max Multi (UR-100-200-400)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const message = await within(dialog).findByText('UR-100-200-400 is not an active user of your account.');
    expect(message.closest('.MuiFormControl-root')!.contains(field(dialog, /^Recipients/))).toBe(true);
  });
});
