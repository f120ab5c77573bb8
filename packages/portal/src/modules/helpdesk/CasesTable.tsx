import { useMemo } from 'react';
import { caseResource, type Case } from '@trellis/domain/helpdesk/case';
import { useViewer } from '../../app/session/useViewer.ts';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { casePath } from './paths.ts';
import { caseViewFilter, type CaseView } from './views.ts';

/** How each view's empty list reads ("No cases waiting for us yet"). */
const NOUNS: Record<CaseView, string> = {
  waiting: 'cases waiting for us',
  mine: 'cases of yours',
  theirs: 'cases waiting for partners',
  closed: 'closed cases',
};

/** One view of the account's cases; each keeps its own filters, and a row opens the case. */
export function CasesTable({ view }: { view: CaseView }) {
  const { accountId, userId } = useViewer();
  const base = useMemo(() => caseViewFilter(view, { accountId, userId }), [view, accountId, userId]);
  return (
    <ResourceTable<Case>
      resource={caseResource}
      stateKey={`helpdesk-${view}`}
      noun={NOUNS[view]}
      base={base}
      rowLink={(c) => casePath(c.id)}
    />
  );
}
