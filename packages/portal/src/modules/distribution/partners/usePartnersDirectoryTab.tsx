import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { partnerResource, type Partner } from '@trellis/domain/distribution/partner';
import { allows } from '@trellis/domain/identity/modules';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import type { ListTab } from '../../../components/TabbedListPage.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import type { NoticeState } from '../common/data.ts';
import { InvitePartnerDialog } from './InvitePartnerDialog.tsx';
import { PartnerAvatar, invitationText } from './partner.tsx';

/** The partners directory: the providers a vendor distributes through, or the vendors a provider sells for. */
export function usePartnersDirectoryTab(): ListTab {
  const auth = useAuth();
  const navigate = useNavigate();
  const [inviting, setInviting] = useState(false);
  const canInvite = allows(auth.permissions, partnerResource.module);

  return {
    actions: canInvite && (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setInviting(true)}>
        Invite partner
      </Button>
    ),
    content: (
      <>
        <ResourceTable<Partner>
          key="directory"
          resource={partnerResource}
          noun="partners"
          render={{
            name: (p) => <PartnerAvatar partner={p} />,
            'invitation.at': (p) => invitationText(p, auth.account.id),
          }}
          rowLink={(p) => pathTo('partners.details', { id: p.id })}
        />
        <InvitePartnerDialog
          open={inviting}
          side={auth.account.type}
          onClose={() => setInviting(false)}
          onInvited={(p) => {
            setInviting(false);
            navigate(pathTo('partners.details', { id: p.id }), {
              state: {
                notice: {
                  severity: 'success',
                  content: `${p.name} was invited; the partnership starts when it accepts.`,
                },
              } satisfies NoticeState,
            });
          }}
        />
      </>
    ),
  };
}
