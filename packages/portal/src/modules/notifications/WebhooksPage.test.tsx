import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@trellis/domain/format/date';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { listBody } from '../identity/testing.tsx';
import { WEBHOOK_ID, webhookFixture } from './testing.ts';

// the pages load lazily: transform them once up front, not within the first test's time
beforeAll(async () => {
  await Promise.all([import('./WebhooksPage.tsx'), import('./WebhookDetailsPage.tsx')]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const failing = webhookFixture({
  stats: { ...webhookFixture().stats, failure_since_last_success: 3 },
});
const validator = webhookFixture({
  id: 'WH-222-333-444',
  label: 'Draft check',
  type: 'validator',
  active: false,
  last_event: null,
  product: { id: 'PRD-444-555-666', name: 'Mail Relay' },
});

describe('webhooks list', () => {
  it('opens from Integrations: the declared columns, failures since the last success in red', async () => {
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /notifications/webhooks': () => listBody([failing, validator]),
    });
    const { router } = renderPortal('/integrations');
    const table = await screen.findByRole('table', { name: 'Webhook' });
    expect(router.state.location.pathname).toBe('/integrations/webhooks');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Integrations')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Webhooks' }).getAttribute('href')).toBe('/integrations/webhooks');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Label', 'Type', 'Objects', 'Product', 'Active', 'Failures since last success', 'Last event']);
    const row = (await within(table).findByText('Order sync')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'Order sync',
      'Event',
      'Fulfillment requests',
      'Cloud Backup',
      'Yes',
      '3',
      formatDate(failing.last_event!, { hour12: false }),
    ]);
    expect(within(row).getByRole('img', { name: '3 failures since the last success' })).toBeTruthy();
    const other = within(table).getByText('Draft check').closest('tr')!;
    expect(within(other).getByText('Purchase draft validation')).toBeTruthy();
    expect(within(other).queryByRole('img')).toBeNull();
    expect(calls.find((c) => c.path === '/notifications/webhooks')!.query).toContain('ordering(-created_at)');

    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/integrations/webhooks/${WEBHOOK_ID}`));
  });

  it('is not offered without the webhooks module (MD-0014)', async () => {
    const calls = mockApi({
      'GET /auth/context': () => ({ body: { ...VENDOR_CONTEXT, permissions: ['MD-0001'] } }),
    });
    renderPortal('/integrations/webhooks');
    expect(await screen.findByText('You do not have access to this page')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByText('Integrations')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/notifications'))).toBe(false);
  });
});
