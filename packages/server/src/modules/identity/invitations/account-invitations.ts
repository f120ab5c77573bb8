import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ACCOUNT_INVITATION_DAYS, ErrorCode, accountInvitationResource, type AccountInvitation } from '@trellis/domain';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { rateLimit } from '../../../http/rate-limit.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { digest, newSecret } from '../../../lib/secrets.ts';
import { queueMail } from '../../../mail/outbox.ts';
import type { Db, Served } from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import { defineTable, text, timestamp } from '../../../resources/table.ts';
import { ownAccount } from '../users/resources.ts';
import { invitationOfCode } from './signup.ts';

// Account invitations (/accounts/{a}/invitations): an account invites someone by e-mail to open an account it will
// manage. The code is e-mailed once and stored as a digest (code_hash); it works until it is spent by the sign-up
// (POST /accounts?code=, signup.ts), revoked, replaced by a resend, or expired.

export const accountInvitationTable = defineTable('account_invitations', {
  id: text('id'),
  account_id: text('owner.id'),
  email: text('email'),
  status: text('status'),
  // written by the create and resend flows, never copied from the object (the object never holds the code)
  code_hash: text().nullable(),
  expires_at: timestamp('expiration_date'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((i: AccountInvitation) => i.events.updated?.at ?? i.events.created?.at),
});

const DAY = 86_400_000;

/** The page where the invitee opens its account with the code. */
export const signUpLink = (config: Config, code: string, accountId: string) =>
  `${config.publicUrl}/signup?code=${encodeURIComponent(code)}&account=${encodeURIComponent(accountId)}`;

/** A new code for an invitation: returned to be e-mailed, its digest written by the caller. */
function newCode() {
  const code = newSecret(24);
  return { code, hash: digest(code) };
}

async function sendInvitation(db: Db, ctx: Ctx, config: Config, inv: AccountInvitation, code: string) {
  const kind = inv.type === 'vendor' ? 'a vendor account' : `a ${inv.role} account`;
  const note = inv.message ? `\n\nTheir message:\n\n${inv.message}` : '';
  await queueMail(db, {
    to: inv.email,
    accountId: ctx.account.id,
    subject: `${ctx.account.name} invites you to open an account`,
    text:
      `Hello,\n\n${ctx.user?.name ?? ctx.account.name} of ${ctx.account.name} invites you to open ${kind}, ` +
      `managed by ${ctx.account.name}.${note}\n\nTo open it, follow this link:\n\n${signUpLink(config, code, inv.owner.id)}\n\n` +
      `The link works once and expires on ${inv.expiration_date.slice(0, 10)}.\n`,
  });
}

/** Pending invitations past their date become expired (when read, as sessions do: no job needed). */
export async function expireInvitations(db: Db, accountId: string): Promise<void> {
  await sql`update account_invitations set status = 'expired', updated_at = now(),
      data = data || jsonb_build_object('status', 'expired')
    where account_id = ${accountId} and status = 'pending' and expires_at <= now()`.execute(db);
}

const expiry = (date: string | null | undefined) =>
  date ?? new Date(Date.now() + ACCOUNT_INVITATION_DAYS * DAY).toISOString();

/**
 * GET /accounts/{a}/invitations?code=… (public): the sign-up page reads the one invitation its code opens (who
 * invites, what kind of account), before anyone is signed in. The code is not spent by reading it.
 */
async function readByCode(
  config: Config,
  served: Served<AccountInvitation>,
  db: Kysely<DB>,
  req: FastifyRequest,
  code: string,
): Promise<{ ctx: Ctx; served: Served<AccountInvitation> }> {
  await rateLimit(db, `rate:invite-code:ip:${req.ip}`, config.publicMaxPerAddress, config.loginWindowMs);
  const invitation = await invitationOfCode(db, code);
  const { accountId } = req.params as { accountId: string };
  const owner = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'type', 'data'])
    .where('id', '=', invitation.owner.id)
    .executeTakeFirst();
  if (!owner || owner.id !== accountId) throw new ApiError(401, ErrorCode.invalidCode, ['Invalid confirmation code']);
  const ctx: Ctx = {
    account: { id: owner.id, name: owner.name, type: owner.type, roles: owner.data.roles ?? [owner.type] },
    user: null,
    token: null,
    // only for the module check of the read; the scope below is the one invitation
    modules: [accountInvitationResource.module],
    session: null,
    ip: req.ip,
  };
  return { ctx, served: { ...served, parentVisible: undefined, scope: () => sql<boolean>`t.id = ${invitation.id}` } };
}

export function accountInvitations(config: Config): Served<AccountInvitation> {
  const served: Served<AccountInvitation> = {
    decl: accountInvitationResource,
    table: accountInvitationTable,
    owner: (i) => i.owner.id,
    // the account in the path must be the caller's; its expired invitations are brought up to date first
    parentVisible: async (ctx, params, db) => {
      if (!ownAccount(ctx, params)) return false;
      await expireInvitations(db, ctx.account.id);
      return true;
    },
    scope: (ctx, params) =>
      ownAccount(ctx, params) ? sql<boolean>`t.account_id = ${ctx.account.id}` : sql<boolean>`false`,
    create: async (ctx, input, params, db) => {
      if (params.accountId !== ctx.account.id) throw ApiError.notFound('Account');
      const email = input.email.trim();
      const open = await db
        .selectFrom('account_invitations')
        .select('id')
        .where('account_id', '=', ctx.account.id)
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .where('status', '=', 'pending')
        .where('expires_at', '>', new Date().toISOString())
        .executeTakeFirst();
      if (open)
        throw new ApiError(
          400,
          ErrorCode.validation,
          [`email: ${email} already has a pending invitation (${open.id}).`],
          {
            fields: { email: [`${email} already has a pending invitation.`] },
          },
        );
      const { code, hash } = newCode();
      const invitation: AccountInvitation = {
        id: newId('AI', 3, 4),
        email,
        type: input.type,
        role: input.type === 'vendor' ? 'vendor' : (input.role ?? 'reseller'),
        message: input.message ?? null,
        status: 'pending',
        expiration_date: expiry(input.expiration_date),
        owner: { id: ctx.account.id, name: ctx.account.name },
        events: {},
      };
      await sendInvitation(db, ctx, config, invitation, code);
      return { object: invitation, extra: { code_hash: hash } };
    },
    actions: {
      // a new code and expiry; the earlier code stops working
      resend: async (ctx, current, body, _params, db) => {
        const { code, hash } = newCode();
        const next = { ...current, status: 'pending' as const, expiration_date: expiry(body.expiration_date) };
        await db.updateTable('account_invitations').set({ code_hash: hash }).where('id', '=', current.id).execute();
        await sendInvitation(db, ctx, config, next, code);
        return next;
      },
      revoke: async (_ctx, current, _body, _params, db) => {
        await db.updateTable('account_invitations').set({ code_hash: null }).where('id', '=', current.id).execute();
        return current;
      },
    },
    byCode: (db, req, code) => readByCode(config, served, db, req, code),
  };
  return served;
}
