import { approverOf, signLabel, type Contract } from '@trellis/domain/partners/contract';

// The contract's way from creation to its end, as steps with what happened when and by whom. Each kind has its
// path (reference workflows): a distribution contract is enrolled by the vendor then approved by the distributor;
// a syndication contract is requested by the reseller then approved; a program or service contract is offered by
// the distributor then signed by the partner. A rejection ends the path there; the steps it skipped are greyed.

export type StepState = 'done' | 'current' | 'upcoming' | 'failed' | 'skipped';

export interface TimelineStep {
  key: string;
  label: string;
  state: StepState;
  /** When it happened (done or failed steps). */
  at?: string;
  /** Who did it: the user, and the account they acted for. */
  by?: string;
  /** A sentence under the step (what it waits for, a note, a refinement). */
  caption?: string;
}

type Stamp = { at?: string; by?: { name?: string | null } | null } | undefined;

/** The first of these events that happened. */
const first = (c: Contract, names: string[]): Stamp => names.map((n) => c.events?.[n]).find((e) => e?.at);

const who = (e: Stamp, account: string) => {
  const user = e?.by?.name;
  return user && user !== account ? `${user} · ${account}` : account;
};

/** The steps of this contract, in order. */
export function contractTimeline(c: Contract): TimelineStep[] {
  const approver = approverOf(c) === c.owner.id ? c.owner.name : c.issuer.name;
  const partnerSigns = signLabel(c) === 'Sign';
  const created = c.events?.created;
  const steps: TimelineStep[] = [];

  steps.push({
    key: 'created',
    label: c.type === 'distribution' ? 'Created' : partnerSigns ? 'Offered' : 'Requested',
    state: 'done',
    at: created?.at ?? c.created,
    by: who(created, c.creator?.name ?? (partnerSigns ? c.issuer.name : c.owner.name)),
  });

  if (c.type === 'distribution') {
    const enrolled = first(c, ['enrolled']);
    const at = enrolled?.at ?? c.enrolled ?? undefined;
    const refined = c.events?.refined;
    steps.push({
      key: 'enrolled',
      label: c.status === 'enrolling' ? 'Enrolment' : 'Enrolled',
      state: c.status === 'enrolling' ? 'current' : at || c.status !== 'rejected' ? 'done' : 'skipped',
      at: c.status === 'enrolling' ? undefined : at,
      by: c.status === 'enrolling' ? undefined : who(enrolled, c.owner.name),
      caption:
        c.status === 'enrolling'
          ? refined?.at
            ? `Sent back to refine${c.note ? `: ${c.note}` : ''}. Waiting for ${c.owner.name} to enroll again.`
            : `Waiting for ${c.owner.name} to fill in the form and enroll.`
          : undefined,
    });
  }

  const signed = first(c, ['countersigned', 'signed', 'approved', 'activated']);
  const rejected = c.events?.rejected;
  const decided = c.status === 'active' || c.status === 'terminated';
  if (c.status === 'rejected') {
    steps.push({
      key: 'rejected',
      label: 'Rejected',
      state: 'failed',
      at: rejected?.at ?? c.updated,
      by: who(rejected, approver),
      caption: c.note || undefined,
    });
  }
  steps.push({
    key: 'signed',
    // what it waits for while pending, what happened once decided
    label: c.status === 'pending' ? (partnerSigns ? 'Signature' : 'Approval') : partnerSigns ? 'Signed' : 'Approved',
    state: decided ? 'done' : c.status === 'pending' ? 'current' : c.status === 'rejected' ? 'skipped' : 'upcoming',
    at: decided ? (signed?.at ?? c.enrolled ?? undefined) : undefined,
    by: decided ? who(signed, approver) : undefined,
    caption:
      c.status === 'pending'
        ? `Waiting for ${approver} to ${partnerSigns ? 'sign' : 'approve'}.`
        : c.status === 'rejected'
          ? 'Not taken'
          : undefined,
  });

  const terminated = c.events?.terminated;
  steps.push({
    key: 'terminated',
    label: 'Terminated',
    state: c.status === 'terminated' ? 'done' : c.status === 'rejected' ? 'skipped' : 'upcoming',
    at: c.status === 'terminated' ? (terminated?.at ?? c.updated) : undefined,
    by: c.status === 'terminated' ? who(terminated, c.issuer.name) : undefined,
    caption:
      c.status === 'terminated'
        ? c.termination_note || undefined
        : c.status === 'active'
          ? 'Active until the distributor ends it.'
          : c.status === 'rejected'
            ? 'Not taken'
            : undefined,
  });
  return steps;
}
