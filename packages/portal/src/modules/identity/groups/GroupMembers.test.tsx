import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test-utils.tsx';
import { listBody, renderWithClient } from '../testing.tsx';
import { GroupMembers } from './GroupMembers.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = (id: string, name: string, status = 'joined') => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  status,
  active: true,
  timezone: 'UTC',
  timeformat: '24h',
  region: 'en_US',
  events: {},
});
const ann = user('UR-1', 'Ann');
const bob = user('UR-2', 'Bob', 'invited');
const MEMBERS = '/accounts/VA-1/groups/UG-1/users';

const shownMembers = () =>
  screen.queryAllByTestId('group-member').map((r) => within(r).getAllByRole('cell')[0].textContent);

async function addBob() {
  renderWithClient(<GroupMembers accountId="VA-1" groupId="UG-1" canWrite />);
  await waitFor(() => expect(shownMembers()).toEqual(['Ann']));
  const input = screen.getByLabelText('Add members');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: 'Bob' } });
  fireEvent.click(await screen.findByRole('option', { name: /Bob/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
}

describe('group membership', () => {
  it('restores the old members and shows the server message when adding fails', async () => {
    const message = 'You cannot grant module MD-0000: you do not hold it yourself.';
    let release!: () => void;
    const answered = new Promise<void>((r) => {
      release = r;
    });
    const calls = mockApi({
      [`GET ${MEMBERS}`]: () => listBody([ann]),
      'GET /accounts/VA-1/users': () => listBody([ann, bob]),
      [`PUT ${MEMBERS}`]: () => {
        release();
        return { status: 403, body: { error_code: 'AUTH_004', errors: [message] } };
      },
    });
    await addBob();
    await answered;
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(shownMembers()).toEqual(['Ann']);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual([{ id: 'UR-1' }, { id: 'UR-2' }]);
  });

  it('shows the new member at once and keeps it when the server agrees', async () => {
    let members = [ann];
    mockApi({
      [`GET ${MEMBERS}`]: () => listBody(members),
      'GET /accounts/VA-1/users': () => listBody([ann, bob]),
      [`PUT ${MEMBERS}`]: (call) => {
        members = (call.body as { id: string }[]).map((b) => [ann, bob].find((u) => u.id === b.id)!);
        return listBody(members);
      },
    });
    await addBob();
    await waitFor(() => expect(shownMembers()).toEqual(['Ann', 'Bob']));
    const remove = screen.getByRole('button', { name: 'Remove ann@example.com from the group' }) as HTMLButtonElement;
    await waitFor(() => expect(remove.disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(members.map((m) => m.name)).toEqual(['Ann', 'Bob']);

    fireEvent.click(remove);
    await waitFor(() => expect(shownMembers()).toEqual(['Bob']));
    expect(members.map((m) => m.name)).toEqual(['Bob']);
  });
});
