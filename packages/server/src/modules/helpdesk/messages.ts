import { sql } from 'kysely';
import { conversationMessageResource, type Conversation, type ConversationMessage } from '@trellis/domain';
import type { Config } from '../../config.ts';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db, Params, Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { conversationVisible } from './conversations.ts';
import { mailMentions } from './mentions.ts';
import { conversationMessageTable } from './tables.ts';

// Messages of a conversation (reference /conversations/{id}/messages): markdown text, written by either party while
// the conversation is open; a `private` message is read by its author's account only. An author edits their own.
// A message's mentions mail the users they name (mentions.ts): on create, and on edit those it did not reach before.

/** The conversation of the path, as the caller reads it; undefined when it is not the caller's to read. */
async function conversationOf(db: Db, ctx: Ctx, params: Params): Promise<Conversation | undefined> {
  const { rows } = await sql<{ data: Conversation }>`select data from conversations t
    where t.id = ${params.conversationId ?? ''} and ${conversationVisible(ctx)}`.execute(db);
  return rows[0]?.data;
}

async function openConversation(db: Db, ctx: Ctx, params: Params) {
  const c = await conversationOf(db, ctx, params);
  if (!c) throw ApiError.notFound('Conversation');
  if (c.status !== 'open') throw ApiError.badRequest(`Conversation ${c.id} is closed: nobody can write in it.`);
  return c;
}

/** The messages resource; `config.publicUrl` starts the links of mention e-mails. */
export const messages = (config: Pick<Config, 'publicUrl'>): Served<ConversationMessage> => ({
  decl: conversationMessageResource,
  table: conversationMessageTable,
  columns: { 'events.created.at': 'created', 'events.created.by.id': 'creator.id' },
  owner: (m) => m.account.id,
  scope: (ctx, params) => sql<boolean>`t.conversation_id = ${params.conversationId ?? ''}
    and t.conversation_id in (select id from conversations t where ${conversationVisible(ctx)})
    and (t.type <> 'private' or t.account_id = ${ctx.account.id})`,
  parentVisible: async (ctx, params, db) => (await conversationOf(db, ctx, params)) !== undefined,
  async create(ctx, input, params, db) {
    const c = await openConversation(db, ctx, params);
    const at = new Date().toISOString();
    const m: ConversationMessage = {
      id: newId('ME', 6, 3),
      conversation: c.id,
      account: { id: ctx.account.id, name: ctx.account.name },
      creator: actorOf(ctx),
      text: input.text,
      type: input.type ?? 'message',
      created: at,
      events: {},
    };
    await mailMentions(db, ctx, config, c, m);
    return m;
  },
  async update(ctx, current, input, params, db) {
    const c = await openConversation(db, ctx, params);
    if (current.creator.id !== actorOf(ctx).id) throw ApiError.forbidden('Only its author edits a message.');
    const next: ConversationMessage = {
      ...current,
      ...(input.text !== undefined && { text: input.text }),
      ...(input.type && { type: input.type }),
    };
    await mailMentions(db, ctx, config, c, next, current);
    return next;
  },
});
