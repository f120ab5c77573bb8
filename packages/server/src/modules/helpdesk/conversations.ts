import { sql } from 'kysely';
import { conversationResource, type Conversation } from '@trellis/domain';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db, Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { subjectParties } from './subjects.ts';
import { conversationTable } from './tables.ts';

// Conversations (reference /conversations): started by a party of an object about that object, read by its parties
// (`notes`: by the account that keeps them); `GET /conversations?instance_id=…` finds an object's. One conversation
// per object, and one set of notes per object and account.

/** Conversations the caller's account takes part in (alias t). */
export const conversationVisible = (ctx: Ctx) =>
  sql<boolean>`(t.party_a_id = ${ctx.account.id} or t.party_b_id = ${ctx.account.id})`;

const refused = (message: string) => ApiError.field('instance_id', message);

async function accountRefs(db: Db, ids: string[]) {
  const rows = await db.selectFrom('accounts').select(['id', 'name', 'data']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => ({ id, name: byId.get(id)?.name ?? id, icon: (byId.get(id)?.data as any)?.icon ?? null }));
}

export const conversations: Served<Conversation> = {
  decl: conversationResource,
  table: conversationTable,
  columns: { 'events.created.at': 'created' },
  owner: (c) => c.accounts[0].id,
  scope: (ctx) => conversationVisible(ctx),
  async create(ctx, input, _params, db) {
    const subject = await subjectParties(db, input.instance_id);
    // an object the caller takes no part in reads as unknown
    if (!subject || !subject.accounts.includes(ctx.account.id))
      throw refused(`No object ${input.instance_id} that your account takes part in.`);
    const type = input.type ?? 'conversation';
    const parties =
      type === 'notes' ? [ctx.account.id] : [ctx.account.id, ...subject.accounts.filter((a) => a !== ctx.account.id)];
    const { rows } = await sql<{ id: string }>`select id from conversations
      where instance_id = ${input.instance_id} and type = ${type}
        and (${type} = 'conversation' or owner_id = ${ctx.account.id}) limit 1`.execute(db);
    if (rows.length)
      throw refused(
        `${input.instance_id} already has ${type === 'notes' ? 'your notes' : 'a conversation'}: ${rows[0].id}.`,
      );
    const at = new Date().toISOString();
    return {
      id: newId('CO', 6, 3),
      instance_id: input.instance_id,
      topic: input.topic || `${subject.noun}: ${input.instance_id}`,
      type,
      status: 'open',
      accounts: await accountRefs(db, parties),
      creator: actorOf(ctx),
      created: at,
      events: {},
    };
  },
};
