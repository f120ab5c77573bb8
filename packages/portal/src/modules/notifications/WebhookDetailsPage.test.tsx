import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@trellis/domain/format/date';
import type { WebhookDelivery } from '@trellis/domain/notifications/delivery';
import type { Webhook } from '@trellis/domain/notifications/webhook';
import { SECRET_WARNING } from '../../components/OneTimeSecret.tsx';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../test-utils.tsx';
import { listBody } from '../identity/testing.tsx';
import { PRODUCTS, WEBHOOK_ID, deliveryFixture, webhookFixture } from './testing.ts';

// One webhook's page: the declared details, its delivery log and headers, and the owner's buttons.

// the pages load lazily: transform them once up front, not within the first test's time
beforeAll(async () => {
  await Promise.all([import('./WebhookDetailsPage.tsx'), import('./WebhooksPage.tsx')]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PATH = `/notifications/webhooks/${WEBHOOK_ID}`;
const PAGE = `/integrations/webhooks/${WEBHOOK_ID}`;
const NEXT = '2026-11-20T10:05:00Z';

function api(opts: { trigger?: () => WebhookDelivery; deliveries?: WebhookDelivery[] } = {}) {
  let stored = webhookFixture({ stats: { ...webhookFixture().stats, failure_since_last_success: 2 } });
  const calls = mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    'GET /products': () => listBody(PRODUCTS),
    'GET /notifications/webhooks': () => listBody([stored]),
    [`GET ${PATH}`]: () => ({ body: stored }),
    [`PUT ${PATH}`]: (c: Call) => {
      const { jwt_secret, ...rest } = c.body as Partial<Webhook>;
      stored = { ...stored, ...rest, ...(jwt_secret && { jwt_secret: `********${jwt_secret.slice(-4)}` }) };
      return { body: stored };
    },
    [`DELETE ${PATH}`]: () => ({ status: 204 }),
    [`POST ${PATH}/trigger`]: () => ({ body: opts.trigger?.() ?? deliveryFixture() }),
    [`GET ${PATH}/deliveries`]: () => listBody(opts.deliveries ?? []),
  });
  return calls;
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
/** The chip beside the page's title. */
const titleChip = () => screen.getByRole('heading', { level: 1 }).nextElementSibling!.textContent;

describe('webhook details', () => {
  it('shows the declared fields: the masked secret, the failures since the last success as a red chip', async () => {
    api();
    renderPortal(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Order sync' });
    expect(titleChip()).toBe('Active');
    expect(valueOf('Type')).toBe('Event');
    expect(valueOf('Objects')).toBe('Fulfillment requests');
    expect(valueOf('URL')).toBe('https://hooks.example.com/trellis');
    expect(valueOf('JWT secret')).toBe('********20ch');
    expect(valueOf('Failures since last success')).toBe('2');
    expect(screen.getByRole('img', { name: '2 failures since the last success' })).toBeTruthy();
    expect(valueOf('Calls')).toBe('12');
    expect(valueOf('Description')).toBe('Sends orders to the ERP');
    expect(valueOf('Product')).toBe('Cloud Backup (PRD-111-222-333)');
  });

  it('sends a test call and tells how it went: delivered with the answer’s code, or why not', async () => {
    let next = deliveryFixture();
    const calls = api({ trigger: () => next });
    renderPortal(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test call: Delivered (200)')).toBeTruthy();
    expect(calls.filter((c) => c.path === `${PATH}/trigger` && c.method === 'POST')).toHaveLength(1);

    next = deliveryFixture({
      status: 'retrying',
      status_code: 500,
      error: 'Internal Server Error',
      next_attempt_at: NEXT,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect(
      await screen.findByText(
        `Test call: Not delivered (500): Internal Server Error. It is tried again ${formatDate(NEXT, { hour12: false })}.`,
      ),
    ).toBeTruthy();
  });

  it('rotates the secret: a new random one is saved and shown once, with a copy button', async () => {
    const calls = api();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPortal(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the secret' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'New JWT secret' });
    const sent = calls.find((c) => c.method === 'PUT')!.body as { jwt_secret: string };
    expect(Object.keys(sent)).toEqual(['jwt_secret']);
    expect(sent.jwt_secret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(within(shown).getByText(SECRET_WARNING)).toBeTruthy();
    expect((within(shown).getByLabelText('JWT secret') as HTMLInputElement).value).toBe(sent.jwt_secret);
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy JWT secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(sent.jwt_secret));
    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByDisplayValue(sent.jwt_secret)).toBeNull());
    await waitFor(() => expect(valueOf('JWT secret')).toBe(`********${sent.jwt_secret.slice(-4)}`));
  });

  it('deactivates and activates it with PUT active', async () => {
    const calls = api();
    renderPortal(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(await screen.findByText(/is deactivated: it is not called until it is activated/)).toBeTruthy();
    expect(titleChip()).toBe('Inactive');
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ active: false }, { active: true }]);
  });

  it('edits it: the secret left empty is kept (not sent), the headers come back as rows', async () => {
    const calls = api();
    renderPortal(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    const secret = within(dialog).getByLabelText(/^New JWT secret/) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect((within(dialog).getByLabelText(/^Header 1 name/) as HTMLInputElement).value).toBe('X-Api-Key');
    fireEvent.change(within(dialog).getByLabelText(/^Label/), { target: { value: 'Order sync v2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook Order sync v2 is saved.')).toBeTruthy();
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('jwt_secret');
    expect(body).toMatchObject({
      label: 'Order sync v2',
      product_id: 'PRD-111-222-333',
      headers: { 'X-Api-Key': 'k-123' },
    });
  });

  it('lists its deliveries with status, answer, error, attempts and the next attempt; and its headers', async () => {
    const failed = deliveryFixture({
      id: 'WHD-1000-0002',
      event: {
        id: 'EV-2',
        type: 'fulfillment_request.updated',
        object: { id: 'PR-1111-2222-3333-001', class: 'fulfillment_request' },
      },
      status: 'retrying',
      status_code: 503,
      attempts: 3,
      error: 'Service Unavailable',
      next_attempt_at: NEXT,
    });
    const calls = api({ deliveries: [failed, deliveryFixture()] });
    renderPortal(`${PAGE}?tab=deliveries`);
    const table = await screen.findByRole('table', { name: 'Delivery' });
    const row = (await within(table).findByText('PR-1111-2222-3333-001')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1)).toEqual([
      'fulfillment_request.updated',
      'PR-1111-2222-3333-001',
      'Retrying',
      '503',
      '84',
      '3',
      'Service Unavailable',
      formatDate(NEXT, { hour12: false }),
    ]);
    expect(within(table).getByText('Delivered')).toBeTruthy();
    expect(calls.find((c) => c.path === `${PATH}/deliveries`)!.query).toContain('ordering(-events.created.at)');

    fireEvent.click(screen.getByRole('tab', { name: 'Headers' }));
    const headers = await screen.findByRole('table', { name: 'Headers' });
    expect(within(headers).getByText('X-Api-Key').nextElementSibling!.textContent).toBe('k-123');
  });

  it('deletes it after a confirmation and goes back to the list', async () => {
    const calls = api();
    const { router } = renderPortal(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete webhook' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations/webhooks'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === PATH)).toBe(true);
    expect(await screen.findByText('Webhook Order sync was deleted; it is not called any more.')).toBeTruthy();
  });
});
