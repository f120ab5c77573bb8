import type { Kysely, Transaction } from 'kysely';
import { ErrorCode } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { ApiError } from '../../../http/errors.ts';
import { digest, newSecret } from '../../../lib/secrets.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type CodeKind = 'invite' | 'restore' | 'email';

export const CODE_TTL_MS: Record<CodeKind, number> = {
  invite: 7 * 24 * 60 * 60 * 1000,
  restore: 60 * 60 * 1000,
  email: 24 * 60 * 60 * 1000,
};

/** A one-time confirmation code; only its digest is stored. Earlier unused codes of the same kind stop working. */
export async function issueCode(
  db: Db,
  userId: string,
  kind: CodeKind,
  accountId: string | null = null,
  ttlMs = CODE_TTL_MS[kind],
) {
  const code = newSecret(24);
  const now = Date.now();
  await db
    .updateTable('confirmation_codes')
    .set({ used_at: new Date(now).toISOString() })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('confirmation_codes')
    .values({
      code_hash: digest(code),
      user_id: userId,
      account_id: accountId,
      kind,
      expires_at: new Date(now + ttlMs).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return code;
}

/** A code that can be spent, or 401 'Invalid confirmation code' / 403 'Confirmation code is expired'. */
async function usableCode(db: Db, code: string | undefined, kinds: CodeKind[], lock: boolean) {
  if (!code) throw new ApiError(401, ErrorCode.invalidCode, ['Invalid confirmation code']);
  const row = await db
    .selectFrom('confirmation_codes')
    .selectAll()
    .where('code_hash', '=', digest(code))
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row || row.used_at || !kinds.includes(row.kind as CodeKind))
    throw new ApiError(401, ErrorCode.invalidCode, ['Invalid confirmation code']);
  if (new Date(row.expires_at).getTime() <= Date.now())
    throw new ApiError(403, ErrorCode.expiredCode, ['Confirmation code is expired']);
  return row;
}

/** Check a code without spending it (before costly work such as hashing a password): whose it is. */
export async function peekCode(db: Db, code: string | undefined, kinds: CodeKind[]) {
  const row = await usableCode(db, code, kinds, false);
  return { userId: row.user_id, accountId: row.account_id, kind: row.kind as CodeKind };
}

/** Spend a code: 401 'Invalid confirmation code' when unknown or used, 403 'Confirmation code is expired'. */
export async function consumeCode(db: Db, code: string | undefined, kinds: CodeKind[]) {
  const row = await usableCode(db, code, kinds, true);
  await db
    .updateTable('confirmation_codes')
    .set({ used_at: new Date().toISOString() })
    .where('code_hash', '=', row.code_hash)
    .execute();
  return { userId: row.user_id, accountId: row.account_id, kind: row.kind as CodeKind };
}
