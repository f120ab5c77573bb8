import type { Conversation, ConversationMessage } from '@trellis/domain/helpdesk/conversation';
import type { AuthContext } from '../../../app/session/types.ts';
import type { Call } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';

// The conversations API as the server answers it (packages/server/src/modules/helpdesk, conversations.test.ts), for
// mockApi: found by instance_id, one per object (a second start is a 400 on instance_id), messages oldest first,
// private ones for their author's account, authors edit their own while it is open, closed refuses every write.

export const CONVERSATION_ID = 'CO-100-200-300-400-500-600';
type Handler = (call: Call) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

const party = (c: AuthContext) => ({ id: c.account.id, name: c.account.name, icon: null });
const minute = (n: number) => new Date(Date.UTC(2026, 10, 20, 10, n)).toISOString();
const refused = (field: string, message: string) => ({
  status: 400,
  body: { error_code: 'VAL_001', errors: [`${field}: ${message}`], fields: { [field]: [message] } },
});

/**
 * One object's conversation between `me` (the signed-in party) and `other`. `routes` go to mockApi; `write`,
 * `start` and `close` change it as the other party would, between the portal's calls.
 */
export function conversationServer(me: AuthContext, other: AuthContext, instanceId: string, noun = 'Contract') {
  let conversation: Conversation | null = null;
  const messages: ConversationMessage[] = [];
  let clock = 0;

  const start = (by: AuthContext) => {
    conversation = {
      id: CONVERSATION_ID,
      instance_id: instanceId,
      topic: `${noun}: ${instanceId}`,
      type: 'conversation',
      status: 'open',
      accounts: [party(by), party(by === me ? other : me)],
      creator: { id: by.user!.id, name: by.user!.name },
      created: minute(clock),
      events: {},
    };
    return conversation;
  };
  const write = (by: AuthContext, text: string, type: ConversationMessage['type'] = 'message') => {
    const m: ConversationMessage = {
      id: `ME-000-000-${String(messages.length + 1).padStart(3, '0')}`,
      conversation: CONVERSATION_ID,
      account: { id: by.account.id, name: by.account.name },
      creator: { id: by.user!.id, name: by.user!.name },
      text,
      type,
      created: minute(++clock),
      events: {},
    };
    // the engine stamps the events after the handler dated the message
    const at = new Date(Date.parse(m.created) + 3).toISOString();
    m.events = { created: { at, by: m.creator }, updated: { at, by: m.creator } };
    messages.push(m);
    return m;
  };
  const close = () => {
    conversation = { ...conversation!, status: 'closed', events: { closed: { at: minute(++clock) } } };
    return conversation;
  };

  const thread = `/conversations/${CONVERSATION_ID}/messages`;
  const fixed: Record<string, Handler> = {
    'GET /conversations': (c) =>
      listBody(
        conversation && c.query.includes(`eq(instance_id,${instanceId})`) && !c.query.includes('eq(type,notes)')
          ? [conversation]
          : [],
      ),
    'POST /conversations': (c) => {
      if ((c.body as { instance_id?: string }).instance_id !== instanceId)
        return refused('instance_id', 'No object that your account takes part in.');
      if (conversation) return refused('instance_id', `${instanceId} already has a conversation: ${conversation.id}.`);
      return { status: 201, body: start(me) };
    },
    [`GET ${thread}`]: () =>
      listBody(conversation ? messages.filter((m) => m.type !== 'private' || m.account.id === me.account.id) : []),
    [`POST ${thread}`]: (c) => {
      if (conversation?.status !== 'open')
        return {
          status: 400,
          body: { errors: [`Conversation ${CONVERSATION_ID} is closed: nobody can write in it.`] },
        };
      const body = c.body as { text: string; type?: ConversationMessage['type'] };
      return { status: 201, body: write(me, body.text, body.type) };
    },
    [`POST /conversations/${CONVERSATION_ID}/close`]: () =>
      conversation?.status === 'open' ? { body: close() } : { status: 400, body: { errors: ['Already closed.'] } },
  };
  const edit: Handler = (c) => {
    const m = messages.find((x) => c.path === `${thread}/${x.id}`);
    if (!m) return undefined;
    if (m.creator.id !== me.user!.id) return { status: 403, body: { errors: ['Only its author edits a message.'] } };
    m.text = (c.body as { text: string }).text;
    m.events = { ...m.events, updated: { at: minute(++clock), by: m.creator } };
    return { body: m };
  };
  /** The handlers for mockApi with the page's own; PUT …/messages/{id} is looked up when it is called. */
  const routes = (page: Record<string, Handler>): Record<string, Handler> =>
    new Proxy(
      { ...page, ...fixed },
      { get: (t, key: string) => t[key] ?? (key.startsWith(`PUT ${thread}/`) ? edit : undefined) },
    );
  return { routes, start, write, close };
}
