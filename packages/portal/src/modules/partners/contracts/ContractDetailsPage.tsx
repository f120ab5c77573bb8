import { useNavigate, useParams } from 'react-router';
import {
  contractResource,
  contractVersionResource,
  signLabel,
  type Contract,
  type ContractVersion,
} from '@trellis/domain/partners/contract';
import { useNotice, type NoticeState } from '../../../app/notices.ts';
import { pathTo } from '../../../app/routes.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { ConversationTab } from '../../helpdesk/conversation/ConversationTab.tsx';
import { AccountName, inDirectory } from '../common/AccountName.tsx';
import { ContractDataTab } from './ContractDataTab.tsx';
import { ContractTimeline } from './ContractTimeline.tsx';
import { EnrollDialog } from './EnrollDialog.tsx';

/**
 * One contract: its timeline, the actions its machine leaves to this party (enroll with the agreement's form;
 * approve or sign; refine, reject, terminate), the answers it holds and its versions.
 */
export default function ContractDetailsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const list = pathTo('partners', { tab: 'contracts' });
  useNotice(id);
  usePageChrome({ backRoute: list });
  const path = `/contracts/${id}`;

  return (
    <ResourceDetail<Contract>
      resource={contractResource}
      path={path}
      title={(c) => c.name}
      banner={(c) => <ContractTimeline contract={c} />}
      render={{
        issuer: (c) => <AccountName account={c.issuer} linked={inDirectory(c)} />,
        owner: (c) => <AccountName account={c.owner} linked={inDirectory(c)} />,
      }}
      actions={{
        enroll: { dialog: (p) => <EnrollDialog {...p} /> },
        sign: {
          label: signLabel,
          dialog: ({ obj: c, open, onClose, run }) => (
            <ConfirmDialog
              open={open}
              title={`${signLabel(c)} contract`}
              confirmLabel={signLabel(c)}
              onClose={onClose}
              onConfirm={() => run({})}
            >
              {signLabel(c) === 'Sign'
                ? `Sign contract ${c.id} under "${c.name}" (version ${c.agreement.version})? It becomes active.`
                : `Approve the enrolment of ${c.owner.name} under "${c.name}" (version ${c.agreement.version})? The contract becomes active.`}
            </ConfirmDialog>
          ),
        },
      }}
      onDeleted={(c) =>
        navigate(list, {
          state: { notice: { severity: 'success', content: `Contract ${c.id} was deleted.` } } satisfies NoticeState,
        })
      }
      tabs={[
        { id: 'data', label: 'Data', render: (c) => <ContractDataTab contract={c} /> },
        {
          id: 'versions',
          label: 'Versions',
          render: (c) => (
            <ResourceTable<ContractVersion & { id?: string }>
              key="versions"
              resource={contractVersionResource}
              path={`/contracts/${c.id}/versions`}
              stateKey="contract-versions"
              noun="versions"
            />
          ),
        },
        { id: 'conversation', label: 'Conversation', render: (c) => <ConversationTab instanceId={c.id} /> },
      ]}
    />
  );
}
