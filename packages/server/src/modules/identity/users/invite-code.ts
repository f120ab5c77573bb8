import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ErrorCode, type AccountUser } from '@trellis/domain';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { ACCOUNT_HEADER } from '../../../http/auth.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { rateLimit } from '../../../http/rate-limit.ts';
import type { Served } from '../../../resources/engine.ts';
import { peekCode } from '../codes/service.ts';

/**
 * GET /users?code={code}&ordering(-events.invited.at) with `Account-Context` (spec §7): the invitation page reads,
 * with the e-mailed code and before any password exists, who is invited and to which account — the invited user's
 * own membership, nothing else. The code is only read here (the password set spends it). An unknown or used code,
 * or one for another account than `Account-Context` names, is 401 'Invalid confirmation code'; an expired one 403.
 * Counted per address like the other public code routes.
 */
export function inviteCodeReader(config: Config) {
  return async (
    db: Kysely<DB>,
    req: FastifyRequest,
    code: string,
    users: Served<AccountUser>,
  ): Promise<{ ctx: Ctx; served: Served<AccountUser> }> => {
    await rateLimit(db, `rate:invite-code:ip:${req.ip}`, config.publicMaxPerAddress, config.loginWindowMs);
    const found = await peekCode(db, code, ['invite']);
    const wanted = req.headers[ACCOUNT_HEADER] as string | undefined;
    if (!found.accountId || (wanted !== undefined && wanted !== found.accountId))
      throw new ApiError(401, ErrorCode.invalidCode, ['Invalid confirmation code']);
    const row = await db
      .selectFrom('accounts as a')
      .innerJoin('users as u', (j) => j.onTrue())
      .select(['a.id', 'a.name', 'a.type', 'a.data', 'u.name as user_name'])
      .where('a.id', '=', found.accountId)
      .where('u.id', '=', found.userId)
      .executeTakeFirst();
    if (!row) throw new ApiError(401, ErrorCode.invalidCode, ['Invalid confirmation code']);
    const account = { id: row.id, name: row.name };
    // the invited user itself, in the account it is invited to, without any module
    const ctx: Ctx = {
      account: { id: row.id, name: row.name, type: row.type, roles: row.data.roles ?? [row.type] },
      user: { id: found.userId, name: row.user_name },
      token: null,
      modules: [],
      session: null,
      ip: req.ip,
    };
    const served: Served<AccountUser> = {
      ...users,
      scope: () => sql<boolean>`t.account_id = ${account.id} and t.user_id = ${found.userId} and t.status = 'invited'`,
      // the page names the account: its name beside its id
      presentMany: async (members, c, include, d) =>
        (await (users.presentMany?.(members, c, include, d) ?? members)).map((m) => ({ ...m, account })),
      presents: () => true,
    };
    return { ctx, served };
  };
}
