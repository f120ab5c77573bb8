import { rql, type RqlBuilder } from '../rql/builder.ts';
import { approverOf, type Contract } from './contract.ts';

// What a contract waits for, seen from one account: the dashboard's `contracts` counter counts these, and its card
// opens the contracts list filtered by the same terms, so the list shows what the card counted.

/** Whether the contract waits for this account: its partner to enroll, or the approver (signer) while pending. */
export const waitsFor = (c: Pick<Contract, 'status' | 'type' | 'owner' | 'issuer'>, accountId: string) =>
  (c.status === 'enrolling' && c.owner.id === accountId) || (c.status === 'pending' && approverOf(c) === accountId);

/** The same as RQL terms on /contracts (status, type, owner.id, issuer.id). */
export const contractsWaitingFor = (accountId: string): RqlBuilder =>
  rql().or(
    rql().eq('status', 'enrolling').eq('owner.id', accountId),
    rql().eq('status', 'pending').in('type', ['program', 'service']).eq('owner.id', accountId),
    rql().eq('status', 'pending').in('type', ['distribution', 'syndication']).eq('issuer.id', accountId),
  );
