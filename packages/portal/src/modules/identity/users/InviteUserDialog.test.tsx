import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test-utils.tsx';
import { listBody, renderWithClient } from '../testing.tsx';
import { InviteUserDialog } from './InviteUserDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const groups = () =>
  listBody([{ id: 'UG-1', name: 'Admins', description: '', permissions: [], revision: 1, events: {} }]);

function open(onInvited = vi.fn()) {
  renderWithClient(<InviteUserDialog accountId="VA-1" open onClose={() => {}} onInvited={onInvited} />);
  return onInvited;
}

describe('invite user', () => {
  it('checks the e-mail with the shared message before calling the server', async () => {
    const calls = mockApi({ 'GET /accounts/VA-1/groups': groups });
    open();
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('E-mail must be valid')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
  });

  it("posts e-mail, name and groups, and shows a refusal in the server's words", async () => {
    const message = 'email: ann@example.com is already a member of this account.';
    const calls = mockApi({
      'GET /accounts/VA-1/groups': groups,
      'POST /accounts/VA-1/users': () => ({ status: 400, body: { error_code: 'VAL_001', errors: [message] } }),
    });
    const onInvited = open();
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: ' ann@example.com ' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ email: 'ann@example.com', name: 'Ann', groups: [] });
    expect(onInvited).not.toHaveBeenCalled();
  });

  it('puts per-field server errors on their fields', async () => {
    mockApi({
      'GET /accounts/VA-1/groups': groups,
      'POST /accounts/VA-1/users': () => ({
        status: 400,
        body: {
          error_code: 'VAL_001',
          errors: ['name: Input must be at most 128 characters'],
          fields: { name: ['Input must be at most 128 characters'] },
        },
      }),
    });
    open();
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Input must be at most 128 characters')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
