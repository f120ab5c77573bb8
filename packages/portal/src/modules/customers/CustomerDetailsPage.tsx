import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { tierAccountResource, type TierAccount } from '@trellis/domain/customers/tier-account';
import { editRefusal, sideWrites } from '@trellis/domain/resource/define';
import { allows } from '@trellis/domain/identity/modules';
import { useGet } from '../../api/hooks.ts';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { notify } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { useViewer } from '../../app/session/useViewer.ts';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { CustomerDialog } from './CustomerDialog.tsx';
import { customersPath, noun, TIER_PATH } from './data.ts';
import { VersionsTab } from './VersionsTab.tsx';

/** One tier account (customer, T1 or T2): its declared fields, edit with the account form, decommission, versions. */
export default function CustomerDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const viewer = useViewer();
  const navigate = useNavigate();
  const path = `${TIER_PATH}/${id}`;
  const account = useGet<TierAccount>(path).data; // the same query ResourceDetail reads
  const [editing, setEditing] = useState(false);
  const canEdit = (a: TierAccount) =>
    allows(auth.permissions, tierAccountResource.module) &&
    sideWrites(tierAccountResource, viewer.side) &&
    !editRefusal(tierAccountResource, a, viewer);
  const list = customersPath(account?.type === 'reseller' ? 'resellers' : 'customers');
  usePageChrome({ backRoute: list }, [list]);

  return (
    <>
      <ResourceDetail<TierAccount>
        resource={tierAccountResource}
        path={path}
        title={(a) => a.name}
        buttons={(a) =>
          canEdit(a) ? (
            <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null
        }
        onDeleted={() => navigate(list)}
        tabs={[{ id: 'versions', label: 'Versions', render: (a) => <VersionsTab accountId={a.id} /> }]}
      />
      <CustomerDialog
        open={editing}
        account={account}
        onClose={() => setEditing(false)}
        onSaved={(a) => {
          setEditing(false);
          notify(
            'success',
            a.version === account?.version
              ? 'Nothing changed.'
              : `Saved: ${noun(a.type)} ${a.name} is now at version ${a.version}.`,
          );
        }}
      />
    </>
  );
}
