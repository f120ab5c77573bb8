import { rql, type RqlBuilder } from '@trellis/domain/rql/builder';

/** The lists of the helpdesk area, one tab each. */
export type CaseView = 'waiting' | 'mine' | 'theirs' | 'closed';

export interface CaseViewer {
  accountId: string;
  userId?: string;
}

/**
 * Each view's fixed filter. `waiting_for` is the account whose move it is (domain `waitingFor`: the receiver while a
 * case is pending, the issuer while it is inquiring or resolved, nobody once closed). "Mine": the cases where the user
 * is the agent of the account's own side (a user of both accounts sees, in each, its own side's cases only).
 */
export function caseViewFilter(view: CaseView, { accountId, userId = '' }: CaseViewer): (q: RqlBuilder) => RqlBuilder {
  switch (view) {
    case 'waiting':
      return (q) => q.eq('waiting_for', accountId);
    case 'mine':
      return (q) =>
        q.or(
          rql().eq('issuer.account.id', accountId).eq('issuer.agent.id', userId),
          rql().eq('receiver.account.id', accountId).eq('receiver.agent.id', userId),
        );
    case 'theirs':
      return (q) => q.ne('state', 'closed').ne('waiting_for', accountId);
    case 'closed':
      return (q) => q.eq('state', 'closed');
  }
}
