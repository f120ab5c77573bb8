import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  groupAgreementResource,
  groupPartnerResource,
  productGroupResource,
  type GroupAgreement,
  type GroupPartner,
  type ProductGroup,
} from '@trellis/domain/partners/catalog-group';
import { allows } from '@trellis/domain/identity/modules';
import { findRoute, pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { notify, type NoticeState } from '../../distribution/common/data.ts';
import { useNotice } from '../../distribution/common/useNotice.ts';
import { GroupDialog } from './GroupDialog.tsx';
import { GroupProductsTab } from './GroupProductsTab.tsx';

/** A link to the details page of `route`, once that page exists. */
const linkTo = (route: string, id: (row: any) => string) =>
  findRoute(route) ? (row: any) => pathTo(route, { id: id(row) }) : undefined;

/** One catalog group: its details, its products (add, remove), the agreements covering it and their partners. */
export default function GroupDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const path = `${productGroupResource.path}/${id}`;
  const [editing, setEditing] = useState<ProductGroup | null>(null);
  const canWrite = allows(auth.permissions, productGroupResource.module);
  useNotice(id);

  return (
    <>
      <ResourceDetail<ProductGroup>
        resource={productGroupResource}
        path={path}
        buttons={(g) =>
          canWrite ? (
            <Button variant="outlined" size="small" onClick={() => setEditing(g)}>
              Edit
            </Button>
          ) : null
        }
        onDeleted={(g) =>
          navigate(pathTo('partners', { tab: 'groups' }), {
            state: {
              notice: { severity: 'success', content: `Catalog group ${g.name} was deleted.` },
            } satisfies NoticeState,
          })
        }
        tabs={[
          {
            id: 'products',
            label: 'Products',
            render: (g) => <GroupProductsTab group={g} canWrite={canWrite} />,
          },
          {
            id: 'agreements',
            label: 'Agreements',
            render: () => (
              <ResourceTable<GroupAgreement>
                key="agreements"
                resource={groupAgreementResource}
                path={`${path}/agreements`}
                stateKey="group-agreements"
                noun="agreements"
                rowLink={linkTo('partners.agreements.details', (a: GroupAgreement) => a.id)}
              />
            ),
          },
          {
            id: 'partners',
            label: 'Partners',
            render: () => (
              <ResourceTable<GroupPartner>
                key="partners"
                resource={groupPartnerResource}
                path={`${path}/partners`}
                stateKey="group-partners"
                noun="partners"
                rowLink={linkTo('partners.contracts.details', (p: GroupPartner) => p.contract.id)}
              />
            ),
          },
        ]}
      />
      <GroupDialog
        open={!!editing}
        group={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          notify('success', 'Catalog group saved.');
        }}
      />
    </>
  );
}
