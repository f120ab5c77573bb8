import { sql } from 'kysely';
import { caseResource, caseSide, type Case, type CaseCreate, type CaseUpdate } from '@trellis/domain';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { insertObject, type Db, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { arePartners, accountRef } from '../distribution/public.ts';
import { activeMembers } from '../identity/public.ts';
import { scheduleAutoClose } from './auto-close.ts';
import { conversations } from './conversations.ts';
import { caseTable } from './tables.ts';

// Helpdesk cases (reference /helpdesk/cases): raised by an account to one of its active partners, read and worked
// by those two accounts only (anyone else: 404). The issuer writes the subject, description and type; either party
// the priority; each party names its own agent and recipients, users of its own account. The case's thread is a
// conversation about the case, started with it. Machine: domain helpdesk/case.ts.

/** Cases the caller's account is a party of (alias t). */
export const caseVisible = (ctx: Ctx) =>
  sql<boolean>`(t.issuer_account_id = ${ctx.account.id} or t.receiver_account_id = ${ctx.account.id})`;

type UserIds = { agent?: { id: string } | null; recipients?: { id: string }[] };

/** The agent and recipients given for `side`, as users of `accountId` (a user not active there is a 400 naming it). */
async function people(db: Db, accountId: string, side: 'issuer' | 'receiver', given: UserIds) {
  const recipientIds = [...new Set((given.recipients ?? []).map((r) => r.id))];
  const found = await activeMembers(db, accountId, [...(given.agent ? [given.agent.id] : []), ...recipientIds]);
  const user = (id: string, field: string) => {
    const m = found.get(id);
    if (!m) throw ApiError.field(field, `${id} is not an active user of the ${side}'s account.`);
    return m;
  };
  const out: { agent?: { id: string; name: string } | null; recipients?: { id: string; name: string }[] } = {};
  if (given.agent !== undefined) out.agent = given.agent && user(given.agent.id, `${side}.agent.id`);
  if (given.recipients) out.recipients = recipientIds.map((id) => user(id, `${side}.recipients`));
  return out;
}

/** The product a case is about: one of the vendor's among the two parties. */
async function productOf(db: Db, id: string, parties: string[]) {
  const row = await db
    .selectFrom('products')
    .select(['id', 'name', 'data'])
    .where('id', '=', id)
    .where('account_id', 'in', parties)
    .executeTakeFirst();
  if (!row) throw ApiError.field('product.id', `No product ${id} of either party of the case.`);
  return { id: row.id, name: row.name, ...((row.data as any)?.icon && { icon: (row.data as any).icon as string }) };
}

function setPeople(party: Case['issuer'], p: Awaited<ReturnType<typeof people>>): Case['issuer'] {
  const next = { ...party };
  if (p.agent === null) delete next.agent;
  else if (p.agent) next.agent = p.agent;
  if (p.recipients) next.recipients = p.recipients;
  return next;
}

export const cases: Served<Case> = {
  decl: caseResource,
  table: caseTable,
  // derived from the state, not an object path: the "waiting for us / them" lists
  columns: { waiting_for: 'waiting_for' },
  owner: (c) => c.issuer.account.id,
  scope: (ctx) => caseVisible(ctx),

  async create(ctx, input: CaseCreate, _params, db) {
    const to = input.receiver.account.id;
    if (to === ctx.account.id || !(await arePartners(db, ctx, to)))
      throw ApiError.field('receiver.account.id', `${to} is not an active partner of your account.`);
    if (input.receiver.agent || input.receiver.recipients?.length)
      throw ApiError.field('receiver.agent', 'The receiving account names its own agent and recipients.');
    const mine = await people(db, ctx.account.id, 'issuer', input.issuer ?? {});
    const receiver = await accountRef(db, to);
    return {
      id: newId('CA', 3, 3),
      ...(input.product && { product: await productOf(db, input.product.id, [ctx.account.id, to]) }),
      subject: input.subject,
      description: input.description,
      priority: input.priority ?? 1,
      state: 'pending',
      type: input.type,
      issuer: setPeople({ account: { id: ctx.account.id, name: ctx.account.name }, recipients: [] }, mine),
      receiver: { account: { id: receiver.id, name: receiver.name }, recipients: [] },
      events: {},
    };
  },

  /** The case's thread starts with it: a conversation about the case between its two parties. */
  async afterCreate(ctx, c, db) {
    const at = c.events.created.at;
    await insertObject(
      conversations,
      {
        id: newId('CO', 6, 3),
        instance_id: c.id,
        topic: `Case: ${c.subject}`.slice(0, 100),
        type: 'conversation',
        status: 'open',
        accounts: [c.issuer.account, c.receiver.account],
        creator: actorOf(ctx),
        created: at,
        events: { created: { at, by: actorOf(ctx) } },
      },
      db,
    );
    return c;
  },

  async update(ctx, current, input: CaseUpdate, _params, db) {
    const side = caseSide(current, { accountId: ctx.account.id })!;
    const other = side === 'issuer' ? 'receiver' : 'issuer';
    for (const field of ['subject', 'description', 'type'] as const)
      if (input[field] !== undefined && side !== 'issuer' && input[field] !== current[field])
        throw ApiError.field(field, `Only ${current.issuer.account.name}, who raised the case, changes its ${field}.`);
    if (input[other]) throw ApiError.field(`${other}.agent`, `${current[other].account.name} names its own agent.`);
    const next: Case = {
      ...current,
      ...(input.subject !== undefined && { subject: input.subject }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.type !== undefined && { type: input.type }),
      ...(input.priority !== undefined && { priority: input.priority }),
    };
    if (input[side]) next[side] = setPeople(current[side], await people(db, ctx.account.id, side, input[side]));
    return next;
  },

  actions: {
    async resolve(_ctx, current, _body, _params, db) {
      await scheduleAutoClose(db, current);
      return current;
    },
    /** A closed case is final: its conversation closes with it (both still read it). */
    async close(_ctx, current, body: { rating?: number | null; feedback?: string | null }, _params, db) {
      await sql`update conversations set status = 'closed', data = jsonb_set(data, '{status}', '"closed"')
        where instance_id = ${current.id} and type = 'conversation'`.execute(db);
      return {
        ...current,
        ...(body.rating != null && { rating: body.rating }),
        ...(body.feedback && { feedback: body.feedback }),
      };
    },
  },
};
