import { sql } from 'kysely';
import type { CounterFn } from '../dashboard/counters.ts';

/** Dashboard `cases`: open cases whose move is the caller's account's (pending for a receiver; inquiring or resolved for an issuer). */
export const countCases: CounterFn = async (db, ctx) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from helpdesk_cases
    where waiting_for = ${ctx.account.id}`.execute(db);
  return rows[0].n;
};
