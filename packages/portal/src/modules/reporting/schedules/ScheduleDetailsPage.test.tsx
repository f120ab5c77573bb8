import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportSchedule } from '@trellis/domain/reporting/schedule';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { SCHEDULE_ID, TEMPLATE_ID, reportFixture, scheduleFixture, templateFixture } from '../testing.ts';

// One schedule's page: when it runs in words and its next runs, its parameters, the reports it made; enable,
// disable and run now are the API's actions; Edit sends the update without the template.

beforeAll(async () => {
  await import('./ScheduleDetailsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PATH = `/reporting/schedules/${SCHEDULE_ID}`;
const PAGE = `/reports/schedules/${SCHEDULE_ID}`;

const VERA = { id: 'UR-100-200-300', name: 'Vera Vendor', email: 'vendor@demo.trellis' };
const MAX = { id: 'UR-100-200-400', name: 'Max Multi', email: 'multi@demo.trellis' };

function api(schedule = scheduleFixture()) {
  let stored = schedule;
  const calls = mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    [`GET /accounts/${VENDOR_CONTEXT.account.id}/users`]: () =>
      listBody([VERA, MAX].map((u) => ({ ...u, status: 'joined' }))),
    [`GET ${PATH}`]: () => ({ body: stored }),
    [`GET /reporting/templates/${TEMPLATE_ID}`]: () => ({ body: templateFixture() }),
    'GET /reporting/schedules': () => listBody([stored]),
    'GET /reporting/reports': () =>
      listBody([reportFixture({ name: 'Weekly requests from 2026-11-16', schedule: { id: SCHEDULE_ID, name: 'x' } })]),
    [`POST ${PATH}/disable`]: () => ({ body: (stored = { ...stored, status: 'disabled' }) }),
    [`POST ${PATH}/enable`]: () => ({ body: (stored = { ...stored, status: 'enabled' }) }),
    [`POST ${PATH}/trigger`]: () => ({ body: stored }),
    [`PUT ${PATH}`]: (c: Call) => ({ body: (stored = { ...stored, ...(c.body as Partial<ReportSchedule>) }) }),
  });
  return calls;
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!;
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path);

describe('schedule page', () => {
  it('says when it runs, with the next five runs, and what it runs with', async () => {
    api();
    renderPortal(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Weekly requests' });
    const runs = valueOf('Runs');
    expect(within(runs as HTMLElement).getByText('At 06:00, only on Monday (UTC)')).toBeTruthy();
    expect(within(runs as HTMLElement).getAllByRole('listitem')).toHaveLength(5);
    expect(valueOf('Format').textContent).toBe('CSV (comma-separated values)');
    const params = screen.getByRole('region', { name: 'Parameters' });
    expect((await within(params).findByText('Created', { selector: 'dt' })).nextElementSibling!.textContent).toBe(
      '2026-10-01 to 2026-10-31',
    );
  });

  it('disables, enables and runs it now through the API’s actions', async () => {
    const calls = api();
    renderPortal(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(/Weekly requests is disabled/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Weekly requests is enabled.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByText(/Weekly requests is running/)).toBeTruthy();
    expect(posts(calls)).toEqual([`${PATH}/disable`, `${PATH}/enable`, `${PATH}/trigger`]);
  });

  it('edits it: the form comes back filled, the update keeps the template', async () => {
    const calls = api();
    renderPortal(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit schedule' });
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Weekly requests'),
    );
    expect((within(dialog).getByLabelText('Created to') as HTMLInputElement).value).toBe('2026-10-31');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Monday requests' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Schedule Monday requests is saved.')).toBeTruthy();
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('template');
    expect(body).toMatchObject({
      name: 'Monday requests',
      renderer: 'csv',
      parameters: { period: { after: '2026-10-01', before: '2026-11-01' }, grouping: 'request' },
      trigger: { frequency: 'weekly', time: '06:00', day_of_week: 1 },
    });
  });

  it('lists the reports it made', async () => {
    const calls = api();
    renderPortal(`${PAGE}?tab=reports`);
    expect(await screen.findByText('Weekly requests from 2026-11-16')).toBeTruthy();
    expect(calls.find((c) => c.path === '/reporting/reports')!.query).toContain(`eq(schedule.id,${SCHEDULE_ID})`);
  });

  it('lists its recipients, and nobody when it has none', async () => {
    api(scheduleFixture({ recipients: [VERA, MAX] }));
    renderPortal(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Weekly requests' });
    expect(valueOf('Recipients').textContent).toBe('Vera Vendor, Max Multi');
    cleanup();
    api();
    renderPortal(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Weekly requests' });
    expect(valueOf('Recipients').textContent).toBe('Nobody is mailed');
  });

  it('edits its recipients: the form comes back with them, the update sends them by id', async () => {
    const calls = api(scheduleFixture({ recipients: [VERA, MAX] }));
    renderPortal(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit schedule' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Max Multi (UR-100-200-400)' })).toBeTruthy(),
    );
    // the chip's delete icon takes Max off
    const chip = within(dialog).getByRole('button', { name: 'Max Multi (UR-100-200-400)' });
    fireEvent.click(chip.querySelector('.MuiChip-deleteIcon')!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Schedule Weekly requests is saved.')).toBeTruthy();
    expect((calls.find((c) => c.method === 'PUT')!.body as { recipients: unknown }).recipients).toEqual([
      { id: VERA.id },
    ]);
  });
});
