import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpdeskSettings } from '@trellis/domain/identity/module-settings';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PATH = `/modules/helpdesk/accounts/${VENDOR_CONTEXT.account.id}/settings`;

describe('helpdesk settings', () => {
  it('saves the auto-close days and federated mode, which needs instructions', async () => {
    let stored: HelpdeskSettings = { ttl: 7, mode: 'builtin', events: {} };
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      [`GET ${PATH}`]: () => ({ body: stored }),
      [`PUT ${PATH}`]: (c) => {
        stored = { ...stored, ...(c.body as Partial<HelpdeskSettings>) };
        return { body: stored };
      },
    });
    renderPortal('/helpdesk/settings');
    const days = (await screen.findByLabelText(
      /Close resolved cases after/,
      {},
      { timeout: 30_000 },
    )) as HTMLInputElement;
    await waitFor(() => expect(days.value).toBe('7'));
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(days, { target: { value: 'two' } });
    fireEvent.click(screen.getByRole('radio', { name: /Federated/ }));
    fireEvent.click(save);
    expect(await screen.findByText('Enter a whole number of days (0 or more).')).toBeTruthy();
    expect(await screen.findByText(/Federated mode needs instructions/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.path === PATH)).toBe(false);

    fireEvent.change(days, { target: { value: '14' } });
    fireEvent.change(screen.getByLabelText('Instructions (Markdown)'), {
      target: { value: 'Write to **help@vendor.example**.' },
    });
    fireEvent.click(save);
    expect(await screen.findByText('The helpdesk settings are saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.path === PATH)!.body).toEqual({
      ttl: 14,
      mode: 'federated',
      instructions: 'Write to **help@vendor.example**.',
    });
    // what the server kept is what the form shows, with nothing left to save
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    expect(days.value).toBe('14');
  }, 60_000);

  it('puts the server’s refusal on its field', async () => {
    mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      [`GET ${PATH}`]: () => ({ body: { ttl: 7, mode: 'builtin', events: {} } }),
      [`PUT ${PATH}`]: () => ({
        status: 400,
        body: {
          error_code: 'VAL_001',
          errors: ['ttl: ttl must be at most 2147483647'],
          fields: { ttl: ['ttl must be at most 2147483647'] },
        },
      }),
    });
    renderPortal('/helpdesk/settings');
    const days = (await screen.findByLabelText(
      /Close resolved cases after/,
      {},
      { timeout: 30_000 },
    )) as HTMLInputElement;
    await waitFor(() => expect(days.value).toBe('7'));
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('ttl must be at most 2147483647')).toBeTruthy();
  }, 60_000);
});
