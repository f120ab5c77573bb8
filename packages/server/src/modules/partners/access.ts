import { sql, type RawBuilder } from 'kysely';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db } from '../../resources/engine.ts';

// Who sees what in partner management. An agreement is seen by its owner (the distributor); an active
// distribution agreement by every vendor and an active syndication one by every other provider (they enroll
// themselves); any agreement by the partners holding a contract under it. A contract is seen by its two parties.

/** The kind of agreement the caller may enroll in by itself. */
const openKind = (ctx: Ctx) => (ctx.account.type === 'vendor' ? 'distribution' : 'syndication');

/** Whether the agreement row aliased `alias` (columns id, account_id, type, active) is visible to the caller. */
export function agreementVisible(ctx: Ctx, alias = 't'): RawBuilder<boolean> {
  const a = sql.raw(alias);
  const me = ctx.account.id;
  return sql<boolean>`(${a}.account_id = ${me}
    or (${a}.active and ${a}.type = ${openKind(ctx)})
    or ${a}.id in (select agreement_id from contracts where owner_id = ${me}))`;
}

/** Whether the contract row aliased `alias` is one of the caller's (as distributor or as partner). */
export function contractVisible(ctx: Ctx, alias = 't'): RawBuilder<boolean> {
  const c = sql.raw(alias);
  return sql<boolean>`(${c}.account_id = ${ctx.account.id} or ${c}.owner_id = ${ctx.account.id})`;
}

/** The agreement of a path (`:agreementId`), if the caller sees it. */
export async function agreementRow(db: Db, ctx: Ctx, id: string) {
  const { rows } = await sql<{
    id: string;
    account_id: string;
    type: string;
    active: boolean;
    title: string;
    data: any;
  }>`
    select t.id, t.account_id, t.type, t.active, t.title, t.data from agreements t
    where t.id = ${id} and ${agreementVisible(ctx)}`.execute(db);
  return rows[0];
}

export const agreementParentVisible = async (ctx: Ctx, params: Record<string, string>, db: Db) =>
  !!(await agreementRow(db, ctx, params.agreementId ?? ''));

/** Only the agreement's owner changes what hangs under it. */
export async function ownAgreement(db: Db, ctx: Ctx, id: string) {
  const row = await agreementRow(db, ctx, id);
  if (!row) throw ApiError.notFound('Agreement');
  if (row.account_id !== ctx.account.id) throw ApiError.forbidden('Only the owner of the agreement can change it.');
  return row;
}
