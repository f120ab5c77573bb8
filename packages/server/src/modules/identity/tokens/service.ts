import { sql, type Kysely, type Transaction } from 'kysely';
import {
  MODULE_IDS,
  TOKEN_RENEW_DAYS,
  permissionModule,
  tokenResource,
  type PermissionInput,
  type Token,
  type TokenPermission,
} from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { actorOf, can, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { digest, newSecret } from '../../../lib/secrets.ts';
import { createObject, hideStatusUnlessAsked, type Served } from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import { assertWithinPower } from '../users/service.ts';
import { resetTokenCalls } from './stats.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = () => new Date().toISOString();

/** A fresh "ApiKey SU-...:<secret>" and the digest that is all we keep of it. */
function freshKey(id: string) {
  const secret = newSecret();
  return { apiKey: `ApiKey ${id}:${secret}`, secretHash: digest(secret) };
}

async function setSecretHash(db: Transaction<DB>, id: string, hash: string | null) {
  await db.updateTable('tokens').set({ secret_hash: hash }).where('id', '=', id).execute();
}

/** Module ids named by the inputs, each one known and held by the caller (MD-0000 may grant any). */
export function grantableModules(ctx: Ctx, inputs: readonly PermissionInput[]): string[] {
  const ids = [...new Set(inputs.map(permissionModule))];
  for (const id of ids) {
    if (!MODULE_IDS.has(id)) throw ApiError.badRequest(`permissions: unknown module ${id}.`);
    if (!can(ctx, id)) throw ApiError.forbidden(`You cannot grant module ${id}: you do not hold it.`);
  }
  return ids;
}

export function grantPermissions(ctx: Ctx, moduleIds: readonly string[]): TokenPermission[] {
  const granted = { at: now(), by: actorOf(ctx) };
  return moduleIds.map((id) => ({ id, object: { id }, events: { granted } }));
}

/**
 * Nobody acts on a token that holds a module they do not hold (the rule of create): rotating, renewing,
 * activating, updating, deleting or changing the permissions of a more powerful token is a 403.
 */
export function assertTokenWithinPower(ctx: Ctx, token: Token): void {
  assertWithinPower(
    ctx,
    token.permissions.map((p) => p.object?.id ?? p.id),
    `token ${token.id}`,
  );
}

/** Deleted is terminal: the record stays readable but nothing changes it any more. */
export function assertNotDeleted(token: Token, action: string) {
  if (token.status === 'deleted') throw ApiError.transition(action, token.status);
}

function withEvent(token: Token, ctx: Ctx, event: string): Token {
  return { ...token, events: { ...token.events, [event]: { at: now(), by: actorOf(ctx) } } };
}

/**
 * API tokens of the caller's account. Only the digest of a secret is stored; the key comes back once,
 * in the `token` field of create and rotate (declared transient, so the engine never stores it).
 * Delete is a soft delete to the terminal status 'deleted' (the reference keeps deleted tokens
 * reviewable): the secret digest is erased so the key stops working, and lists hide deleted tokens
 * unless the query filters by status.
 */
export const tokens: Served<Token> = {
  decl: tokenResource,
  table: 'tokens',
  columns: {
    id: 'id',
    name: 'name',
    status: 'status',
    expiration_date: 'expires_at',
    'events.created.at': 'created_at',
  },
  row: (t) => ({
    id: t.id,
    account_id: t.owner.id,
    status: t.status,
    name: t.name,
    expires_at: t.expiration_date,
    created_at: t.events.created.at,
    updated_at: t.events.updated?.at ?? t.events.created.at,
  }),
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,
  listWhere: hideStatusUnlessAsked('deleted'),
  transient: ['token'],
  owner: (t) => t.owner.id,

  async create(ctx, input) {
    const modules = grantableModules(ctx, input.permissions ?? []);
    const id = newId('SU', 3, 3);
    const { apiKey, secretHash } = freshKey(id);
    const object: Token = {
      id,
      name: input.name,
      description: input.description ?? null,
      external_id: input.external_id ?? null,
      owner: { id: ctx.account.id, name: ctx.account.name },
      status: 'active',
      extension: null,
      permissions: grantPermissions(ctx, modules),
      expiration_date: input.expiration_date ?? null,
      renewed_expiration_date: null,
      token: apiKey,
      events: {},
    };
    return { object, extra: { secret_hash: secretHash } };
  },

  async update(ctx, current, input) {
    assertTokenWithinPower(ctx, current);
    assertNotDeleted(current, 'update');
    const next = { ...current };
    if (input.name !== undefined) next.name = input.name;
    if (input.description !== undefined) next.description = input.description || null;
    if (input.external_id !== undefined) next.external_id = input.external_id || null;
    return next;
  },

  async remove(ctx, current, _params, db) {
    assertTokenWithinPower(ctx, current);
    assertNotDeleted(current, 'delete');
    await setSecretHash(db, current.id, null);
    return { ...current, status: 'deleted' };
  },

  actions: {
    activate: async (ctx, current) => {
      assertTokenWithinPower(ctx, current);
      return current;
    },
    deactivate: async (ctx, current) => {
      assertTokenWithinPower(ctx, current);
      return current;
    },
    // A new secret; the old one stops working when this transaction commits.
    async rotate(ctx, current, body, _params, db) {
      assertTokenWithinPower(ctx, current);
      const { apiKey, secretHash } = freshKey(current.id);
      await setSecretHash(db, current.id, secretHash);
      await resetTokenCalls(db, current.id);
      const expiration = body.expiration_date ?? current.expiration_date;
      return { ...withEvent(current, ctx, 'rotated'), expiration_date: expiration, token: apiKey };
    },
    // Extends the expiration (to the given date, or 30 days past the later of now and the current date).
    async renew(ctx, current, body) {
      assertTokenWithinPower(ctx, current);
      let expiration: string | null | undefined = body.expiration_date;
      if (!expiration) {
        if (!current.expiration_date) {
          throw ApiError.badRequest('expiration_date: the token never expires; give an expiration_date to set one.');
        }
        const base = Math.max(Date.now(), new Date(current.expiration_date).getTime());
        expiration = new Date(base + TOKEN_RENEW_DAYS * DAY_MS).toISOString();
      }
      return {
        ...withEvent(current, ctx, 'renewed'),
        expiration_date: expiration,
        renewed_expiration_date: expiration,
      };
    },
  },
};

export interface NewToken {
  name: string;
  description?: string;
  permissions: string[];
  expiration_date?: string;
}

/** Create a token (used by the CLI with a system context). The key is only in `apiKey`, never stored. */
export async function createToken(
  db: Kysely<DB>,
  ctx: Ctx,
  input: NewToken,
): Promise<{ token: Token; apiKey: string }> {
  const made = await createObject(tokens, ctx, {}, input, db);
  const { token: apiKey, ...token } = made;
  return { token: token as Token, apiKey: apiKey! };
}
