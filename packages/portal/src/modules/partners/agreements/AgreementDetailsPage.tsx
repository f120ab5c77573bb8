import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  AGREEMENT_PARTNER,
  AGREEMENT_TYPE_LABELS,
  SELF_ENROLLED,
  agreementResource,
  subAgreementResource,
  type Agreement,
} from '@trellis/domain/partners/agreement';
import { CONTRACT_ID_PLACEHOLDER } from '@trellis/domain/format/constants';
import { agreementContractResource, type Contract } from '@trellis/domain/partners/contract';
import { allows } from '@trellis/domain/identity/modules';
import { useGet } from '../../../api/hooks.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { useNotice, type NoticeState } from '../../../app/notices.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { AccountName, inDirectory } from '../common/AccountName.tsx';
import { AgreementProductGroupsTab } from '../groups/AgreementProductGroupsTab.tsx';
import { AgreementDialog } from './AgreementDialog.tsx';
import { DocumentTab } from './DocumentTab.tsx';
import { EnrollButton } from './EnrollButton.tsx';
import { MarketplacesTab } from './MarketplacesTab.tsx';
import { OfferContractDialog } from './OfferContractDialog.tsx';
import { VersionsTab } from './VersionsTab.tsx';

const LIST = () => pathTo('partners', { tab: 'agreements' });

/**
 * One agreement: its terms (the active document), version history, marketplaces, contracts and sub-agreements.
 * The owner edits it and offers program or service contracts; a partner enrolls in a distribution or syndication one.
 */
export default function AgreementDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const path = `/agreements/${id}`;
  const agreement = useGet<Agreement>(path).data;
  const [editing, setEditing] = useState(false);
  const [offering, setOffering] = useState(false);
  useNotice(id);
  usePageChrome({ backRoute: LIST() });

  const me = auth.account.id;
  const own = agreement?.owner.id === me;
  const writes = allows(auth.permissions, agreementResource.module);
  const partnerSide = (a: Agreement) => (AGREEMENT_PARTNER[a.type] === 'vendor' ? 'vendor' : 'provider');
  const canEnroll = (a: Agreement) =>
    writes && !own && SELF_ENROLLED.includes(a.type) && auth.account.type === partnerSide(a);
  const canOffer = (a: Agreement) => writes && own && !SELF_ENROLLED.includes(a.type) && a.active;
  const contractLink = (c: Contract) => pathTo('partners.contracts.details', { id: c.id });

  return (
    <>
      <ResourceDetail<Agreement>
        resource={agreementResource}
        path={path}
        title={(a) => a.title}
        titleChip={(a) => (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Chip size="small" color={a.active ? 'success' : 'default'} label={a.active ? 'Active' : 'Not active'} />
            <Chip size="small" variant="outlined" label={AGREEMENT_TYPE_LABELS[a.type]} />
          </Box>
        )}
        render={{ owner: (a) => <AccountName account={a.owner} linked={inDirectory(a)} /> }}
        buttons={(a) => (
          <>
            {own && writes && (
              <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {canOffer(a) && (
              <Button variant="contained" size="small" onClick={() => setOffering(true)}>
                Offer contract
              </Button>
            )}
            {canEnroll(a) && <EnrollButton agreement={a} />}
          </>
        )}
        onDeleted={() => navigate(LIST())}
        tabs={[
          { id: 'document', label: 'Document', render: (a) => <DocumentTab agreement={a} own={own} /> },
          { id: 'versions', label: 'Versions', render: (a) => <VersionsTab agreement={a} own={own && writes} /> },
          {
            id: 'marketplaces',
            label: 'Marketplaces',
            render: (a) => <MarketplacesTab agreement={a} own={own && writes} />,
          },
          {
            id: 'contracts',
            label: 'Contracts',
            render: (a) => (
              <ResourceTable<Contract>
                key="contracts"
                resource={agreementContractResource}
                path={`${path}/contracts`}
                stateKey="agreement-contracts"
                noun="contracts"
                idPlaceholder={CONTRACT_ID_PLACEHOLDER}
                rowLink={contractLink}
                toolbar={
                  canOffer(a) && (
                    <Button variant="outlined" size="small" onClick={() => setOffering(true)}>
                      Offer contract
                    </Button>
                  )
                }
              />
            ),
          },
          {
            id: 'agreements',
            label: 'Sub-agreements',
            render: () => (
              <ResourceTable<Agreement>
                key="sub-agreements"
                resource={subAgreementResource}
                path={`${path}/agreements`}
                stateKey="sub-agreements"
                noun="sub-agreements"
                rowLink={(s) => pathTo('partners.agreements.details', { id: s.id })}
              />
            ),
          },
          { id: 'groups', label: 'Product groups', render: (a) => <AgreementProductGroupsTab agreement={a} /> },
        ]}
      />
      {agreement && own && (
        <>
          <AgreementDialog
            open={editing}
            agreement={agreement}
            onClose={() => setEditing(false)}
            onSaved={() => setEditing(false)}
          />
          <OfferContractDialog
            open={offering}
            agreement={agreement}
            onClose={() => setOffering(false)}
            onOffered={(c) =>
              navigate(contractLink(c), {
                state: {
                  notice: { severity: 'success', content: `Contract ${c.id} was offered to ${c.owner.name}.` },
                } satisfies NoticeState,
              })
            }
          />
        </>
      )}
    </>
  );
}
