import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OPEN_CONTRACT_STATUSES, type Contract } from '@trellis/domain/partners/contract';
import type { Agreement } from '@trellis/domain/partners/agreement';
import { errorMessage } from '../../../api/errors.ts';
import { useList } from '../../../api/hooks.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify, type NoticeState } from '../../../app/notices.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';

const enrolledNotice = (c: Contract) =>
  c.status === 'enrolling'
    ? `Contract ${c.id} was created: fill in the enrolment form and enroll.`
    : c.status === 'active'
      ? `Contract ${c.id} is active.`
      : `Contract ${c.id} waits for ${c.issuer.name} to approve it.`;

/**
 * A partner's way into a self-enrolled agreement (a vendor's distribution, a reseller's syndication): Enroll creates
 * its contract and opens it; with an open contract already, the button opens that one.
 */
export function EnrollButton({ agreement }: { agreement: Agreement }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const path = `/agreements/${agreement.id}/contracts`;
  const open = useList<Contract>(
    path,
    `in(status,(${OPEN_CONTRACT_STATUSES.join(',')}))&eq(owner.id,${auth.account.id})&limit=1`,
  );
  const enroll = useWrite<Contract>({ method: 'POST', path }, { objects: [`/agreements/${agreement.id}`] });
  const current = open.data?.items[0];
  const go = (c: Contract, notice?: string) =>
    navigate(pathTo('partners.contracts.details', { id: c.id }), {
      state: notice ? ({ notice: { severity: 'success', content: notice } } satisfies NoticeState) : undefined,
    });

  if (open.isPending) return null;
  if (current)
    return (
      <Button variant="outlined" size="small" onClick={() => go(current)}>
        Open my contract
      </Button>
    );
  return (
    <Button
      variant="contained"
      size="small"
      disabled={busy || !agreement.active}
      onClick={() => {
        setBusy(true);
        enroll
          .mutateAsync()
          .then((c) => go(c, enrolledNotice(c)))
          .catch((err) => notify('error', errorMessage(err)))
          .finally(() => setBusy(false));
      }}
    >
      Enroll
    </Button>
  );
}
