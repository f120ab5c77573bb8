import Box from '@mui/material/Box';
import { useParams } from 'react-router';
import { caseResource, waitingFor, type Case } from '@trellis/domain/helpdesk/case';
import type { Viewer } from '@trellis/domain/resource/machine';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { useViewer } from '../../app/session/useViewer.ts';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { CaseAgentButtons } from './CaseAgentButtons.tsx';
import { CaseAttachments } from './CaseAttachments.tsx';
import { CaseDescription } from './CaseDescription.tsx';
import { CaseEditButton } from './CaseEditButton.tsx';
import { CloseCaseDialog } from './CloseCaseDialog.tsx';
import { ConversationPanel } from './conversation/ConversationPanel.tsx';
import { helpdeskPath } from './paths.ts';

/** Whose move it is, in the reader's words. */
function waitingLabel(c: Case, viewer: Viewer): string {
  const account = waitingFor(c);
  if (!account) return 'Nobody: the case is closed';
  const name = account === c.issuer.account.id ? c.issuer.account.name : c.receiver.account.name;
  return account === viewer.accountId ? `Your account (${name})` : name;
}

/** An agent, the reader being called "Me". */
const agentOf = (agent: Case['issuer']['agent'], viewer: Viewer) =>
  agent && (agent.id === viewer.userId ? `Me (${agent.name})` : agent.name);

/**
 * One case: its state and the actions its machine offers this side (ask for information, back to pending, resolve,
 * close with a rating), the description rendered, its details, parties and agents, the side's own agent ("Take it"),
 * and below them its attachments and the conversation of the two parties about it.
 */
export default function CaseDetailsPage() {
  const { id = '' } = useParams();
  const viewer = useViewer();
  usePageChrome({ backRoute: helpdeskPath() }, []);
  const path = `${caseResource.path}/${id}`;
  return (
    <ResourceDetail<Case>
      resource={caseResource}
      path={path}
      title={(c) => c.subject}
      titleChip={(c) => <StatusChip status={c.state} machine={caseResource.machine} />}
      details={{
        label: 'Case',
        before: (c) => <CaseDescription obj={c} />,
        after: (c) => (
          <Box sx={{ mt: 3 }}>
            <CaseAttachments obj={c} />
            <ConversationPanel instanceId={c.id} />
          </Box>
        ),
      }}
      extra={(c) => [{ label: 'Waiting for', value: waitingLabel(c, viewer) }]}
      render={{
        'issuer.agent': (c) => agentOf(c.issuer.agent, viewer),
        'receiver.agent': (c) => agentOf(c.receiver.agent, viewer),
        rating: (c) => `${c.rating} of 5`,
      }}
      actions={{ close: { dialog: (p) => <CloseCaseDialog {...p} /> } }}
      buttons={(c) => (
        <>
          <CaseAgentButtons obj={c} path={path} />
          <CaseEditButton obj={c} path={path} />
        </>
      )}
    />
  );
}
