import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '@trellis/domain';
import type { DB } from '../db/schema.ts';
import { digest, sameDigest } from '../lib/secrets.ts';
import { callerCacheOf } from './caller-cache.ts';
import { aclRulesOf, assertSignInAllowed, assertTokenAllowed } from '../modules/identity/acl/enforce.ts';
import { mfaGate } from '../modules/identity/mfa/session-mfa.ts';
import type { Ctx } from './context.ts';
import { ApiError } from './errors.ts';
import { impersonationContext } from '../modules/identity/impersonation/context.ts';

export const SESSION_COOKIE = 'trellis_session';
/** The portal sends its session id in this header; cookie-authenticated writes without it are refused. */
export const SESSION_HEADER = 'x-session-id';
/** Which of the user's accounts a call runs in, when not the session's current one. */
export const ACCOUNT_HEADER = 'account-context';

/** Sessions expire after this much inactivity. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and this long after login at the latest. */
export const SESSION_MAX_MS = 14 * 24 * 60 * 60 * 1000;

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

type AccountRow = { id: string; name: string; type: 'vendor' | 'provider'; data: any };

function accountOf(row: AccountRow): Ctx['account'] {
  return { id: row.id, name: row.name, type: row.type, roles: row.data.roles ?? [row.type] };
}

/** Module ids of the groups' permissions (group data `permissions`: [{ id } | { object: { id } }]). */
function moduleIds(permissionLists: any[][]): string[] {
  const ids = new Set<string>();
  for (const list of permissionLists) for (const p of list ?? []) ids.add(p.object?.id ?? p.id);
  return [...ids];
}

/**
 * The context of a user working in one of its accounts, or null when not an active member.
 * One query (membership, account and the groups' permissions): it runs on every session-authenticated call.
 */
export async function userContext(
  db: Kysely<DB>,
  userId: string,
  accountId: string,
  ip: string,
  sessionId: string | null,
): Promise<Ctx | null> {
  const row = await callerCacheOf(db).get(`member:${userId}:${accountId}`, async () => {
    const found = await db
      .selectFrom('account_users as au')
      .innerJoin('accounts as a', 'a.id', 'au.account_id')
      .innerJoin('users as u', 'u.id', 'au.user_id')
      .select(['a.id', 'a.name', 'a.type', 'a.data', 'u.name as user_name', 'au.status'])
      .select(aclRulesOf('account').as('acl'))
      .select((eb) =>
        eb
          .selectFrom('group_users as gu')
          .innerJoin('groups as g', 'g.id', 'gu.group_id')
          .select(sql<any[][]>`coalesce(jsonb_agg(g.data -> 'permissions'), '[]'::jsonb)`.as('p'))
          .whereRef('gu.user_id', '=', 'au.user_id')
          .whereRef('gu.account_id', '=', 'au.account_id')
          .as('permissions'),
      )
      .where('au.user_id', '=', userId)
      .where('au.account_id', '=', accountId)
      .executeTakeFirst();
    return found ? { value: found, tags: [`user:${userId}`, `account:${accountId}`] } : null;
  });
  if (!row || row.status !== 'active') return null;
  assertSignInAllowed(row.acl, ip, row.name);
  return {
    account: accountOf(row as AccountRow),
    user: { id: userId, name: row.user_name },
    token: null,
    modules: moduleIds(row.permissions ?? []),
    session: sessionId ? { id: sessionId } : null,
    ip,
  };
}

function apiKeyOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^ApiKey\s+(.+)$/i.exec(h.trim());
  if (!m) throw ApiError.unauthorized('Authorization header must be "ApiKey <id>:<secret>".');
  return m[1];
}

async function tokenContext(db: Kysely<DB>, key: string, ip: string): Promise<Ctx> {
  const [id, secret] = key.split(':');
  if (!id || !secret) throw ApiError.unauthorized('Malformed API key.');
  const row = await callerCacheOf(db).get(`token:${id}`, async () => {
    const found = await db
      .selectFrom('tokens as t')
      .innerJoin('accounts as a', 'a.id', 't.account_id')
      .select([
        't.id',
        't.status',
        't.secret_hash',
        't.expires_at',
        't.data',
        'a.id as account_id',
        'a.name as account_name',
        'a.type',
        'a.data as account_data',
      ])
      .select(aclRulesOf('integrations').as('acl'))
      .where('t.id', '=', id)
      .executeTakeFirst();
    return found ? { value: found, tags: [`token:${id}`, `account:${found.account_id}`] } : null;
  });
  if (!row || !sameDigest(secret, row.secret_hash)) throw ApiError.unauthorized('Invalid API key.');
  if (row.status !== 'active') throw ApiError.unauthorized(`API key is ${row.status}.`);
  if (row.expires_at && new Date(row.expires_at).getTime() <= Date.now())
    throw ApiError.unauthorized('API key has expired.');
  assertTokenAllowed(row.acl, ip);
  return {
    account: accountOf({ id: row.account_id, name: row.account_name, type: row.type, data: row.account_data }),
    user: null,
    token: { id: row.id, name: row.data.name ?? row.id },
    modules: (row.data.permissions ?? []).map((p: any) => p.object?.id ?? p.id),
    session: null,
    ip,
  };
}

export interface SessionRow {
  id: string;
  user_id: string;
  account_id: string;
  mfa_step: string | null;
  mfa_verified_at: unknown;
  /** Set on an impersonation session ("log in as"): the user or token of the managing account. */
  impersonator_id?: string | null;
  impersonator_session_id?: string | null;
}

/** The live session behind a cookie secret, refreshing its last-seen time; null when none. */
export async function findSession(db: Kysely<DB>, secret: string): Promise<SessionRow | null> {
  const cache = callerCacheOf(db);
  const hash = digest(secret);
  const key = `session:${hash}`;
  const read = () =>
    cache.get(key, async () => {
      const found = await db
        .selectFrom('sessions')
        .select([
          'id',
          'user_id',
          'account_id',
          'last_seen_at',
          'expires_at',
          'terminated_at',
          'mfa_step',
          'mfa_verified_at',
        ])
        .select(['impersonator_id', 'impersonator_session_id'])
        .where('secret_hash', '=', hash)
        .executeTakeFirst();
      return found ? { value: found, tags: [`session:${found.id}`] } : null;
    });
  let row = await read();
  const now = Date.now();
  const idle = (r: NonNullable<typeof row>) => new Date(r.last_seen_at).getTime() + SESSION_IDLE_MS <= now;
  // another process may have served the session since this one last saw it: idle only by the database's word
  if (row && idle(row)) {
    cache.forget(key);
    row = await read();
  }
  if (!row || row.terminated_at) return null;
  if (new Date(row.expires_at).getTime() <= now || idle(row)) return null;
  if (now - new Date(row.last_seen_at).getTime() > 60_000) {
    const seen = new Date(now).toISOString();
    await db.updateTable('sessions').set({ last_seen_at: seen }).where('id', '=', row.id).execute();
    // the kept row too (a change of last_seen_at alone notifies no one)
    row.last_seen_at = seen;
  }
  return row;
}

/**
 * Who is calling: an API key, or a session cookie (plus the session header on writes).
 * Returns null for anonymous calls; routes that need a caller call `requireCtx`.
 */
export async function resolveCaller(db: Kysely<DB>, req: FastifyRequest): Promise<Ctx | null> {
  const key = apiKeyOf(req);
  if (key) return tokenContext(db, key, req.ip);
  const secret = req.cookies?.[SESSION_COOKIE];
  if (!secret) return null;
  const session = await findSession(db, secret);
  if (!session) return null;
  if (!SAFE.has(req.method)) {
    const header = req.headers[SESSION_HEADER];
    if (header !== session.id) {
      const config = req.routeOptions.config;
      if (config?.public && config.crossSitePost) return null;
      throw new ApiError(403, ErrorCode.csrf, [
        `The ${SESSION_HEADER} header is missing or does not match the session.`,
      ]);
    }
  }
  if (session.impersonator_id) return impersonationContext(db, req, session);
  const wanted = (req.headers[ACCOUNT_HEADER] as string | undefined) ?? session.account_id;
  const ctx = await userContext(db, session.user_id, wanted, req.ip, session.id);
  if (!ctx) {
    // a public call carrying a confirmation code (an invitation read with its code) is anonymous instead
    const withCode = req.routeOptions.config?.public && 'code' in ((req.query as object) ?? {});
    if (wanted !== session.account_id && !withCode)
      throw ApiError.forbidden(`You are not a member of account ${wanted}.`);
    return null;
  }
  return mfaGate(db, req, session, ctx);
}
