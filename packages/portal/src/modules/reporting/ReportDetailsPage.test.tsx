import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@trellis/domain/format/date';
import type { Report } from '@trellis/domain/reporting/report';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { listBody } from '../identity/testing.tsx';
import { REPORT_ID, TEMPLATE_ID, reportFixture, templateFixture } from './testing.ts';

// A report's page and the reports list: a running report shows how far it is and is polled until it ends; a
// succeeded one offers its file; a failed one says why.

beforeAll(async () => {
  await Promise.all([import('./ReportDetailsPage.tsx'), import('./ReportsPage.tsx')]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PATH = `/reporting/reports/${REPORT_ID}`;
const PAGE = `/reports/history/${REPORT_ID}`;

function api(next: () => Report) {
  return mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    [`GET ${PATH}`]: () => ({ body: next() }),
    [`GET /reporting/templates/${TEMPLATE_ID}`]: () => ({ body: templateFixture() }),
    'GET /reporting/reports': () => listBody([next()]),
  });
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
const running = reportFixture({
  status: 'running',
  progress: { value: 30, max: 120 },
  report_size: null,
  events: { created: reportFixture().events.created, started: { at: '2026-11-20T10:00:05Z' } },
});

describe('report page', () => {
  it('shows the progress while running, polls, and offers the file once it succeeded', async () => {
    let answer = running;
    const calls = api(() => answer);
    renderPortal(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'October requests' });
    expect(screen.getByText('Running: 30 of 120 rows (25%)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Report progress' }).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    // the parameters it runs with, named as the template declares them
    const params = screen.getByRole('region', { name: 'Parameters' });
    expect((await within(params).findByText('Created')).nextElementSibling!.textContent).toBe(
      '2026-10-01 to 2026-10-31',
    );
    const param = (label: string) =>
      within(params).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(param('Status')).toBe('Approved');
    expect(param('Product')).toBe('—');
    expect(param('Grouping')).toBe('Product');

    answer = reportFixture();
    const download = await screen.findByRole('link', { name: 'Download' }, { timeout: 8000 });
    expect(download.getAttribute('href')).toBe(`/public/v1${PATH}/download`);
    expect(screen.queryByRole('progressbar', { name: 'Report progress' })).toBeNull();
    expect(valueOf('Size')).toBe('1.5 KB');
    expect(valueOf('Duration')).toBe('2 minutes');
    expect(valueOf('Created by')).toBe('Vera Vendor');
    const reads = calls.filter((c) => c.path === PATH).length;
    await new Promise((r) => setTimeout(r, 3500));
    // done: no more polling
    expect(calls.filter((c) => c.path === PATH).length).toBe(reads);
  }, 30000);

  it('says why a report failed, without a download', async () => {
    api(() => reportFixture({ status: 'failed', failure_output: 'The report ran out of time (10 minutes).' }));
    renderPortal(PAGE);
    expect(await screen.findByText('The report ran out of time (10 minutes).')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });
});

describe('reports list', () => {
  it('shows name, template, status with progress, size in JEDEC units, duration, created and by whom', async () => {
    mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /reporting/reports': () => listBody([reportFixture(), { ...running, id: 'RP-9999-0000', name: 'Live' }]),
    });
    renderPortal('/reports');
    const table = await screen.findByRole('table', { name: 'Report' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Template', 'Status', 'Size', 'Duration', 'Created', 'Created by']);
    const row = (await within(table).findByText('October requests')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'October requests',
      'Fulfillment requests by period and outcome',
      'Succeeded',
      '1.5 KB',
      '2 minutes',
      formatDate('2026-11-20T10:00:00Z', { hour12: false }),
      'Vera Vendor',
    ]);
    const live = within(table).getByText('Live').closest('tr')!;
    expect(within(live).getByText('Running')).toBeTruthy();
    expect(within(live).getByText('25%')).toBeTruthy();
  });
});
