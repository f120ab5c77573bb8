import { validation } from '@trellis/domain';
import type { Ctx } from '../../../http/context.ts';

// The Auth user of spec §3 beyond who it is: its clock and region settings with the fallbacks of spec §5, and the
// restricted user of spec §6.

/** timezone (unknown → UTC), timeformat (24h unless 12h), region (unknown → en_US), timezoneOffset (minutes east of UTC, now). */
export function userClock(u: { timezone?: string | null; timeformat?: string | null; region?: string | null }) {
  const timezone = validation.resolveTimezone(u.timezone);
  return {
    timezone,
    timeformat: u.timeformat === '12h' ? '12h' : '24h',
    region: validation.resolveRegion(u.region),
    timezoneOffset: validation.timezoneOffset(timezone),
  };
}

/**
 * A restricted user has no accounts list (spec §6): in Trellis, a session logged in as the user by someone of a
 * managing account (impersonation). It works in that one account, so it gets no switcher; it carries who is
 * logged in as the user instead.
 */
export function accountsOrImpersonator<A>(ctx: Ctx, accounts: A[]) {
  const imp = ctx.impersonator;
  return imp ? { impersonator: { id: imp.id, name: imp.name, type: imp.type, account: imp.account } } : { accounts };
}
