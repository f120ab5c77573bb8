import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportTemplate } from '@trellis/domain/reporting/template';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { repositoryFixture, templateFixture } from '../testing.ts';

// Settings › Reports: the templates (enable / disable where the account owns them) and the repositories with tags.

beforeAll(async () => {
  await import('./ReportSettingsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const own = templateFixture({
  id: 'TP-100-001',
  name: 'Our template',
  owner: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
});
const builtin = templateFixture();

function api() {
  let ours: ReportTemplate = own;
  return mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    'GET /reporting/templates': () => listBody([builtin, ours]),
    'GET /reporting/repositories': () => listBody([repositoryFixture()]),
    'POST /reporting/templates/TP-100-001/disable': () => ({ body: (ours = { ...ours, status: 'disabled' }) }),
    'POST /reporting/templates/TP-100-001/enable': () => ({ body: (ours = { ...ours, status: 'enabled' }) }),
  });
}

describe('settings › reports', () => {
  it('disables and enables a template its account owns; the built-in ones offer neither', async () => {
    const calls = api();
    renderPortal('/settings/reports');
    const table = await screen.findByRole('table', { name: 'Report template' });
    const row = (await within(table).findByText('Our template')).closest('tr')!;
    const other = within(table).getByText('Fulfillment requests by period and outcome').closest('tr')!;
    expect(within(other).queryByRole('button', { name: /able/ })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Our template is disabled: no new reports are made from it.')).toBeTruthy();
    fireEvent.click(await within(table).findByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Our template is enabled.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/reporting/templates/TP-100-001/disable',
      '/reporting/templates/TP-100-001/enable',
    ]);
  });

  it('lists the repositories with their tags', async () => {
    api();
    renderPortal('/settings/reports/repositories');
    const table = await screen.findByRole('table', { name: 'Report repository' });
    const row = (await within(table).findByText('Trellis reports')).closest('tr')!;
    expect(within(row).getByText('1.0.0')).toBeTruthy();
    expect(within(row).getByText('0.9.0')).toBeTruthy();
    expect(within(row).getByText('Ready')).toBeTruthy();
  });
});
