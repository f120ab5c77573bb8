import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { SECRET_WARNING } from '../../../components/OneTimeSecret.tsx';
import { listBody } from '../testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const KEY = 'ApiKey SU-123-456-789:s3cr3t-value';
const created = {
  id: 'SU-123-456-789',
  name: 'CI pipeline',
  description: null,
  external_id: null,
  owner: { id: 'VA-1' },
  status: 'active',
  extension: null,
  permissions: [{ id: 'MD-0002', object: { id: 'MD-0002' } }],
  expiration_date: null,
  token: KEY,
  events: { created: { at: '2026-01-01T00:00:00Z' } },
};

describe('create API token', () => {
  it('sends name and permissions, then shows the key once with the warning and a copy button', async () => {
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /auth/tokens': () => listBody([]),
      'GET /modules': () =>
        listBody([
          { id: 'MD-0001', name: 'Account, users and groups' },
          { id: 'MD-0002', name: 'Products' },
        ]),
      'POST /auth/tokens': () => ({ status: 201, body: created }),
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPortal('/settings/users/tokens');

    fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'CI pipeline' } });
    fireEvent.click(await within(dialog).findByLabelText(/Products/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const secret = await screen.findByRole('dialog', { name: 'API token created' });
    expect(within(secret).getByText(SECRET_WARNING)).toBeTruthy();
    expect(SECRET_WARNING).toContain('will not be shown again');
    expect((within(secret).getByLabelText('API key') as HTMLInputElement).value).toBe(KEY);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'CI pipeline', permissions: ['MD-0002'] });

    fireEvent.click(within(secret).getByRole('button', { name: 'Copy API key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));

    // Once closed, the key is gone from the page for good.
    fireEvent.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByDisplayValue(KEY)).toBeNull());
  });
});
