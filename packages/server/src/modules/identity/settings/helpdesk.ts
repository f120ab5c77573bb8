import { DEFAULT_HELPDESK_TTL_DAYS, type HelpdeskSettings } from '@trellis/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';

// An account's helpdesk settings (/modules/helpdesk/accounts/{id}/settings), read by the routes and by the
// helpdesk area's auto-close of cases.

export const HELPDESK = 'helpdesk';
export const helpdeskDefaults = (): HelpdeskSettings => ({
  ttl: DEFAULT_HELPDESK_TTL_DAYS,
  mode: 'builtin',
  events: {},
});

/** The account's saved settings, or the defaults until it saves its own. */
export async function helpdeskObject(db: Kysely<DB>, accountId: string): Promise<HelpdeskSettings> {
  const row = await db
    .selectFrom('account_settings')
    .select('data')
    .where('account_id', '=', accountId)
    .where('module', '=', HELPDESK)
    .executeTakeFirst();
  return (row?.data as HelpdeskSettings | undefined) ?? helpdeskDefaults();
}
