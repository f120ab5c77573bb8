import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthContext } from '../../app/session/types.ts';
import { mockApi, renderPortal } from '../../test-utils.tsx';
import { conversationServer } from './conversation/testing.ts';
import { PROVIDER, VENDOR_CONTEXT, casesServer } from './testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const CODES = 'CA-111-111-111';
const INVOICE = 'CA-333-333-333';

/** A case's page for `me`, its conversation started by the provider with one message. */
function openCase(me: AuthContext, id: string) {
  const cases = casesServer(me);
  const talk = conversationServer(me, me === PROVIDER ? VENDOR_CONTEXT : PROVIDER, id, 'Case');
  talk.start(PROVIDER);
  talk.write(PROVIDER, 'The customers are waiting to move their mailboxes; anything we can tell them?');
  const calls = mockApi(talk.routes({ 'GET /auth/context': () => ({ body: me }), ...cases.routes }));
  const view = renderPortal(`/helpdesk/cases/${id}`);
  return { ...view, calls, cases: cases.cases };
}

/** The value beside a label of the case's fields. */
const valueOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('a case', () => {
  it('shows its receiver the description rendered, the parties, whose move it is, the thread and its actions', async () => {
    const { calls, cases } = openCase(VENDOR_CONTEXT, CODES);
    // the page loads lazily: its first render has taken over 10 s on a loaded machine
    await screen.findByRole(
      'heading',
      { name: 'Activation codes missing for two Secure Mail Suite orders' },
      { timeout: 30_000 },
    );
    expect((await screen.findByText('no activation code')).tagName).toBe('STRONG');
    expect(valueOf('Waiting for')).toBe('Your account (Demo Vendor)');
    expect(valueOf("Receiver's agent")).toBe('Me (Vera Vendor)');
    expect(valueOf('Issuer')).toContain('Demo Provider');
    expect(valueOf('Priority')).toBe('High');
    expect(await screen.findByText(/anything we can tell them\?/)).toBeTruthy();

    // the receiver works a pending case: it asks or resolves; closing is the issuer's
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take it' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change priority' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ask for information' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ask for information' });
    expect(confirm.textContent).toContain('Demo Provider is asked to answer in the conversation.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ask for information' }));
    expect(await screen.findByText('The case waits for the answer.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `/helpdesk/cases/${CODES}/inquire`)).toBe(true);
    expect(cases.find((c) => c.id === CODES)!.state).toBe('inquiring');
    await waitFor(() => expect(valueOf('Waiting for')).toBe('Demo Provider'));
    expect((await screen.findAllByText('Inquiring')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  }, 60_000);

  it('lets its issuer close a resolved case with a rating and feedback', async () => {
    const { calls } = openCase(PROVIDER, INVOICE);
    const close = await screen.findByRole('button', { name: 'Close' }, { timeout: 30_000 });
    expect(screen.getByRole('button', { name: 'Back to pending' })).toBeTruthy();
    fireEvent.click(close);
    const dialog = await screen.findByRole('dialog', { name: 'Close case' });
    expect(dialog.textContent).toContain('A closed case cannot be reopened.');
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars, Very good' }));
    fireEvent.change(within(dialog).getByLabelText('Feedback (optional)'), { target: { value: ' Quick fix. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(await screen.findByText('The case is closed.')).toBeTruthy();
    expect(calls.find((c) => c.path === `/helpdesk/cases/${INVOICE}/close`)!.body).toEqual({
      rating: 4,
      feedback: 'Quick fix.',
    });
    await waitFor(() => expect(valueOf('Rating')).toBe('4 of 5'));
    expect(valueOf('Waiting for')).toBe('Nobody: the case is closed');
    // nothing more to do on a closed case
    expect(screen.queryByRole('button', { name: 'Back to pending' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take it' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign agent' })).toBeNull();
    // (the provider's own message in the thread keeps its Edit)
    const thread = screen.getByRole('region', { name: 'Conversation' });
    expect(screen.queryAllByRole('button', { name: 'Edit' }).filter((b) => !thread.contains(b))).toEqual([]);
  }, 60_000);

  it('lets a user take the case for its own side', async () => {
    const { calls } = openCase(PROVIDER, CODES);
    fireEvent.click(await screen.findByRole('button', { name: 'Take it' }, { timeout: 30_000 }));
    expect(await screen.findByText('You handle this case now.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.path === `/helpdesk/cases/${CODES}`)!.body).toEqual({
      issuer: { agent: { id: PROVIDER.user!.id } },
    });
    await waitFor(() => expect(valueOf("Issuer's agent")).toBe('Me (Pat Provider)'));
    expect(screen.queryByRole('button', { name: 'Take it' })).toBeNull();
  }, 60_000);

  it('lets its issuer edit the subject and description', async () => {
    const { calls } = openCase(PROVIDER, CODES);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit case' });
    fireEvent.change(within(dialog).getByLabelText(/Subject/), { target: { value: 'Activation codes missing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Activation codes missing' });
    expect(calls.find((c) => c.method === 'PUT' && c.path === `/helpdesk/cases/${CODES}`)!.body).toMatchObject({
      subject: 'Activation codes missing',
      type: 'technical',
      priority: 2,
    });
  }, 60_000);
});
