import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Webhook } from '@trellis/domain/notifications/webhook';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../test-utils.tsx';
import { listBody } from '../identity/testing.tsx';
import { PRODUCTS, WEBHOOK_ID, webhookFixture } from './testing.ts';

// Integrations › Webhooks › Add webhook: the domain's rules before anything is sent, the body as the API takes it,
// and the server's 400 on the field it names.

// the pages load lazily: transform them once up front, not within the first test's time
beforeAll(async () => {
  await Promise.all([import('./WebhooksPage.tsx'), import('./WebhookDetailsPage.tsx')]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Answer = { status?: number; body?: unknown };

function api(post: (c: Call) => Answer = (c) => ({ status: 201, body: webhookFixture(c.body as Partial<Webhook>) })) {
  return mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    'GET /notifications/webhooks': () => listBody([]),
    'GET /products': () => listBody(PRODUCTS),
    'POST /notifications/webhooks': post,
    [`GET /notifications/webhooks/${WEBHOOK_ID}`]: () => ({ body: webhookFixture() }),
  });
}

async function openAdd() {
  const portal = renderPortal('/integrations/webhooks');
  fireEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
  return { ...portal, dialog: await screen.findByRole('dialog', { name: 'Add webhook' }) };
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } });
/** The helper text under a field (its message), if it has one. */
const helperOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : undefined;
};

async function pick(dialog: HTMLElement, label: RegExp, option: string | RegExp) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function addHeader(dialog: HTMLElement, name: string, value: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add header' }));
  const n = within(dialog).getAllByLabelText(/^Header \d+ name/).length;
  type(dialog, new RegExp(`^Header ${n} name`), name);
  type(dialog, new RegExp(`^Header ${n} value`), value);
}

/** Every field but the secret, valid. */
async function fillValid(dialog: HTMLElement, url = 'https://hooks.example.com/trellis') {
  type(dialog, /^Label/, 'Order sync');
  await pick(dialog, /^Objects/, 'Fulfillment requests');
  await waitFor(() =>
    expect(
      within(dialog)
        .getByRole('combobox', { name: /^Product/ })
        .getAttribute('aria-disabled'),
    ).toBeNull(),
  );
  await pick(dialog, /^Product/, 'Cloud Backup (PRD-111-222-333)');
  type(dialog, /^URL/, url);
}

describe('add webhook', () => {
  it('checks the form with the domain rules first: required fields, the secret’s length, header names', async () => {
    const calls = api();
    const { dialog } = await openAdd();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(helperOf(field(dialog, /^Label/))).toBe('This field is required'));
    expect(helperOf(field(dialog, /^URL/))).toBe('This field is required');
    expect(helperOf(field(dialog, /^JWT secret/))).toBe('Input must be at least 16 characters');
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(4); // label, objects, product, URL

    await fillValid(dialog);
    type(dialog, /^JWT secret/, 'too-short');
    await addHeader(dialog, 'X Bad', 'v');
    await addHeader(dialog, 'Authorization', 'Bearer x');
    await addHeader(dialog, 'X-Key', '1');
    await addHeader(dialog, 'x-key', '2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(helperOf(field(dialog, /^Header 1 name/))).toBe('"X Bad" is not a valid header name.'));
    expect(helperOf(field(dialog, /^Header 2 name/))).toBe(
      'The header "Authorization" is set by Trellis and cannot be replaced.',
    );
    expect(helperOf(field(dialog, /^Header 3 name/))).toBeUndefined();
    expect(helperOf(field(dialog, /^Header 4 name/))).toBe('The header "x-key" is given twice.');
    expect(helperOf(field(dialog, /^JWT secret/))).toBe('Input must be at least 16 characters');
    expect(within(dialog).queryByText('This field is required')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  }, 30_000);

  it('lets a validator type decide the objects it validates', async () => {
    api();
    const { dialog } = await openAdd();
    await pick(dialog, /^Type/, 'Tier 1 setup draft validation');
    const objects = within(dialog).getByRole('combobox', { name: /^Objects/ });
    expect(objects.textContent).toBe('Tier config requests');
    expect(objects.getAttribute('aria-disabled')).toBe('true');
  });

  it('sends the webhook as the API takes it: a generated secret, headers as an object, then opens it', async () => {
    const calls = api();
    const { dialog, router } = await openAdd();
    await fillValid(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    const secret = field(dialog, /^JWT secret/);
    expect(secret.value).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(secret.type).toBe('text'); // shown, so it can be copied to the receiver
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide secret' }));
    expect(secret.type).toBe('password');
    type(dialog, /^Description/, '  Sends orders to the ERP ');
    await addHeader(dialog, ' X-Api-Key ', 'k-123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add header' })); // left empty: ignored
    await addHeader(dialog, 'X-Gone', 'soon');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove header 3' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/integrations/webhooks/${WEBHOOK_ID}`));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      type: 'event',
      object_class: 'fulfillment_request',
      label: 'Order sync',
      product_id: 'PRD-111-222-333',
      description: 'Sends orders to the ERP',
      external_url: 'https://hooks.example.com/trellis',
      jwt_secret: secret.value,
      active: true,
      http_method: 'POST',
      headers: { 'X-Api-Key': 'k-123' },
    });
    expect(await screen.findByText(/Webhook Order sync was added/)).toBeTruthy();
  });

  it('shows the server’s refusal on the field it names, and any other message above the form', async () => {
    let answer: Answer = {
      status: 400,
      body: { error_code: 'VAL_001', errors: ['external_url: Wrong URL protocol, "https" expected.'] },
    };
    api(() => answer);
    const { dialog } = await openAdd();
    await fillValid(dialog, 'http://hooks.example.com/trellis');
    type(dialog, /^JWT secret/, 'a-secret-of-twenty-chars');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(helperOf(field(dialog, /^URL/))).toBe('Wrong URL protocol, "https" expected.'));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    answer = {
      status: 400,
      body: {
        error_code: 'VAL_001',
        errors: ['external_url: The address 10.0.0.8 is private.'],
        fields: { external_url: ['The address 10.0.0.8 is private.'] },
      },
    };
    type(dialog, /^URL/, 'https://10.0.0.8/hook');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(helperOf(field(dialog, /^URL/))).toBe('The address 10.0.0.8 is private.'));

    answer = { status: 400, body: { error_code: 'WH_001', errors: ['The account has too many webhooks.'] } };
    type(dialog, /^URL/, 'https://hooks.example.com/trellis');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The account has too many webhooks.');
  });
});
