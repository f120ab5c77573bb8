import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationMessage } from '@trellis/domain/helpdesk/conversation';
import { api } from '../../../api/client.ts';
import { ApiError } from '../../../api/errors.ts';
import { listAll } from '../../../api/list.ts';

// The conversation about one object (GET /conversations?eq(instance_id,…), one per object) and its thread
// (/conversations/{id}/messages), in the query cache under 'list' keys so writes elsewhere refresh them too.

export const CONVERSATIONS = '/conversations';
export const conversationPath = (id: string) => `${CONVERSATIONS}/${encodeURIComponent(id)}`;
export const threadPath = (id: string) => `${conversationPath(id)}/messages`;

const FIND = (instanceId: string) => `eq(instance_id,${instanceId})&eq(type,conversation)`;
const THREAD_ORDER = 'ordering(created)';
/** The other party writes meanwhile: an open conversation and its thread are read again this often. */
export const THREAD_REFRESH_MS = 30_000;

/** The object's conversation, or null before anyone has written about it. */
export const conversationKey = (instanceId: string) => ['list', CONVERSATIONS, FIND(instanceId)] as const;
/** The messages of one conversation, oldest first. */
export const threadKey = (conversationId: string) => ['list', threadPath(conversationId), THREAD_ORDER] as const;

const findConversation = async (instanceId: string, signal?: AbortSignal) =>
  (await listAll<Conversation>(CONVERSATIONS, FIND(instanceId), signal))[0] ?? null;

export function useObjectConversation(instanceId: string) {
  return useQuery<Conversation | null, ApiError>({
    queryKey: conversationKey(instanceId),
    queryFn: ({ signal }) => findConversation(instanceId, signal),
    // the other party may start or close it meanwhile
    refetchInterval: (q) => (q.state.data?.status === 'closed' ? false : THREAD_REFRESH_MS),
  });
}

export function useThread(conversation: Conversation | null | undefined) {
  const id = conversation?.id;
  return useQuery<ConversationMessage[], ApiError>({
    queryKey: id ? threadKey(id) : ['conversation thread', null],
    queryFn: id ? ({ signal }) => listAll<ConversationMessage>(threadPath(id), THREAD_ORDER, signal) : skipToken,
    // a closed thread changes no more
    refetchInterval: conversation?.status === 'open' ? THREAD_REFRESH_MS : false,
  });
}

/** The thread with `m` in it (a new message at the end, an edited one in its place). */
const withMessage = (thread: ConversationMessage[] | undefined, m: ConversationMessage) =>
  thread?.some((x) => x.id === m.id) ? thread.map((x) => (x.id === m.id ? m : x)) : [...(thread ?? []), m];

export interface MessageBody {
  text: string;
  type?: 'private';
}

/**
 * The writes of a conversation panel. Each puts the server's answer in the cache at once, then waits for the
 * thread as the server has it (the other party's messages included), so a caller awaiting it sees the thread it
 * will show.
 */
export function useConversationWrites(instanceId: string) {
  const client = useQueryClient();
  const known = () => client.getQueryData<Conversation | null>(conversationKey(instanceId)) ?? null;
  // 'all': a new conversation's thread may have no observer yet when this runs
  const refreshThread = (id: string) => client.invalidateQueries({ queryKey: threadKey(id), refetchType: 'all' });

  /** POST /conversations; when the other party started it meanwhile (a 400 on instance_id), theirs. */
  const start = async (): Promise<Conversation> => {
    try {
      return await api.post<Conversation>(CONVERSATIONS, { instance_id: instanceId });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 400) throw err;
      const theirs = await findConversation(instanceId);
      if (!theirs) throw err;
      return theirs;
    }
  };

  return {
    /**
     * A message; the first one starts the conversation. The new conversation enters the cache only with its thread
     * (holding the message) beside it, so the panel goes from "no messages" to the thread without a loading state.
     */
    send: async (body: MessageBody) => {
      const existing = known();
      const conversation = existing ?? (await start());
      try {
        const m = await api.post<ConversationMessage>(threadPath(conversation.id), body);
        client.setQueryData<ConversationMessage[]>(threadKey(conversation.id), (t) => withMessage(t, m));
      } catch (err) {
        // e.g. the other party closed it meanwhile: show the conversation as it is now
        void client.invalidateQueries({ queryKey: conversationKey(instanceId) });
        throw err;
      } finally {
        if (!existing) client.setQueryData(conversationKey(instanceId), conversation);
      }
      await refreshThread(conversation.id);
    },
    edit: async (conversationId: string, messageId: string, text: string) => {
      const m = await api.put<ConversationMessage>(`${threadPath(conversationId)}/${encodeURIComponent(messageId)}`, {
        text,
      });
      client.setQueryData<ConversationMessage[]>(threadKey(conversationId), (t) => withMessage(t, m));
      await refreshThread(conversationId);
    },
    /** After an action of the conversation's machine (close): its answer, then the server's view. */
    changed: async (c: Conversation) => {
      client.setQueryData(conversationKey(instanceId), c);
      await client.invalidateQueries({ queryKey: conversationKey(instanceId) });
    },
  };
}
