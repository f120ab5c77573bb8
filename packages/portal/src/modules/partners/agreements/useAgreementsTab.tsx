import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { agreementResource, type Agreement } from '@trellis/domain/partners/agreement';
import { allows } from '@trellis/domain/identity/modules';
import type { NoticeState } from '../../../app/notices.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import type { ListTab } from '../../../components/TabbedListPage.tsx';
import { AgreementDialog } from './AgreementDialog.tsx';

/** The Agreements tab of the partners page: the agreements the caller offers or may sign; providers create them. */
export function useAgreementsTab(): ListTab | null {
  const auth = useAuth();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  if (!allows(auth.permissions, agreementResource.module)) return null;
  const canCreate = auth.account.type === 'provider';

  return {
    actions: canCreate && (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
        Create agreement
      </Button>
    ),
    content: (
      <>
        <ResourceTable<Agreement>
          key="agreements"
          resource={agreementResource}
          noun="agreements"
          rowLink={(a) => pathTo('partners.agreements.details', { id: a.id })}
        />
        <AgreementDialog
          open={creating}
          onClose={() => setCreating(false)}
          onSaved={(a) => {
            setCreating(false);
            navigate(pathTo('partners.agreements.details', { id: a.id }), {
              state: {
                notice: {
                  severity: 'success',
                  content: a.active
                    ? `Agreement ${a.id} was created and version 1 is active.`
                    : `Agreement ${a.id} was created; activate version 1 under Versions when it is ready.`,
                },
              } satisfies NoticeState,
            });
          }}
        />
      </>
    ),
  };
}
