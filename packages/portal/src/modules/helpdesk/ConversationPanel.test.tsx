import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '@trellis/domain/helpdesk/conversation';
import { mockApi, renderPortal } from '../../test-utils.tsx';
import { listBody } from '../identity/testing.tsx';
import {
  AGREEMENT_ID,
  CONTRACT_ID,
  FORM_ID,
  VENDOR_CONTEXT,
  agreementFixture,
  contractFixture,
  formFixture,
} from '../partners/testing.ts';

beforeAll(async () => {
  await import('../partners/contracts/ContractDetailsPage.tsx');
}, 60_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const CONVERSATION = {
  id: 'CO-100-200-300-400-500-600',
  instance_id: CONTRACT_ID,
  topic: `Contract: ${CONTRACT_ID}`,
  type: 'conversation',
  status: 'open',
  accounts: [],
  creator: { id: 'UR-100-200-300', name: 'Vera Vendor' },
  created: '2026-11-20T10:00:00Z',
  events: {},
};
const message = (id: string, text: string, by: { id: string; name: string }, account: string): ConversationMessage => ({
  id,
  conversation: CONVERSATION.id,
  account: { id: account, name: account === VENDOR_CONTEXT.account.id ? 'Demo Vendor' : 'Demo Provider' },
  creator: by,
  text,
  type: 'message',
  created: '2026-11-20T10:00:00Z',
  events: {},
});

describe('conversation panel', () => {
  it("starts the object's conversation with the first message and shows the thread, quotes and all", async () => {
    let started = false;
    const thread: ConversationMessage[] = [];
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      [`GET /contracts/${CONTRACT_ID}`]: () => ({ body: contractFixture({ status: 'active' }) }),
      [`GET /contracts/${CONTRACT_ID}/data`]: () => ({ body: [] }),
      [`GET /agreements/${AGREEMENT_ID}`]: () => ({ body: agreementFixture() }),
      [`GET /forms/${FORM_ID}`]: () => ({ body: formFixture }),
      'GET /conversations': () => listBody(started ? [CONVERSATION] : []),
      'POST /conversations': () => {
        started = true;
        return { status: 201, body: CONVERSATION };
      },
      [`GET /conversations/${CONVERSATION.id}/messages`]: () => listBody(thread),
      [`POST /conversations/${CONVERSATION.id}/messages`]: (c) => {
        const m = message('ME-1', (c.body as { text: string }).text, VENDOR_CONTEXT.user!, VENDOR_CONTEXT.account.id);
        thread.push(m);
        return { status: 201, body: m };
      },
    });
    renderPortal(`/partners/contracts/${CONTRACT_ID}?tab=conversation`);
    // the page loads its lazy chunks first
    const panel = await screen.findByRole('region', { name: 'Conversation' }, { timeout: 10_000 });
    expect(await within(panel).findByText(/No messages yet/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/conversations')!.query).toContain(`eq(instance_id,${CONTRACT_ID})`);

    // the declaration's rule, before anything is sent
    fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await within(panel).findByText('This field is required')).toBeTruthy();

    fireEvent.change(within(panel).getByRole('textbox', { name: 'New message' }), {
      target: { value: '> > > > When does it start?\n\nOn **Monday**.' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    const sent = await within(panel).findByRole('listitem', { name: 'Message from Demo Vendor' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/conversations', { instance_id: CONTRACT_ID }],
      [`/conversations/${CONVERSATION.id}/messages`, { text: '> > > > When does it start?\n\nOn **Monday**.' }],
    ]);
    // markdown, quotes three deep at most
    await waitFor(() => expect(sent.querySelectorAll('blockquote')).toHaveLength(3));
    expect(sent.querySelector('strong')!.textContent).toBe('Monday');
    expect(within(sent).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });
});
