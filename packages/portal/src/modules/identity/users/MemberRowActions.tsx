import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { allowedFrom } from '@trellis/domain/resource/machine';
import { accountUserResource, type AccountUser } from '@trellis/domain/identity/user';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { notify } from '../data.ts';
import { memberPath, memberRemoved } from './memberActions.ts';
import { RemoveMemberDialog } from './RemoveMemberDialog.tsx';

/** The ⋮ menu of a directory row: the actions the member's status allows, then Remove. */
export function MemberRowActions({ accountId, member }: { accountId: string; member: AccountUser }) {
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [removing, setRemoving] = useState<AccountUser | null>(null);
  const actions = allowedFrom(accountUserResource.machine, member.status);

  const run = async (action: string) => {
    setAnchor(null);
    try {
      const answer = await api.post<AccountUser>(`${memberPath(accountId, member.id)}/${action}`);
      const decl = accountUserResource.machine?.actions[action];
      notify('success', decl?.done?.(answer ?? member) ?? `${decl?.label ?? action}: done.`);
      void client.invalidateQueries({ queryKey: ['list'] });
    } catch (err) {
      notify('error', errorMessage(err));
    }
  };

  return (
    <>
      <IconButton size="small" aria-label={`Actions for ${member.email}`} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actions.map((a) => (
          <MenuItem key={a} dense onClick={() => void run(a)}>
            <ListItemText>{accountUserResource.machine?.actions[a]?.label ?? a}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem
          dense
          onClick={() => {
            setAnchor(null);
            setRemoving(member);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemText>Remove</ListItemText>
        </MenuItem>
      </Menu>
      <RemoveMemberDialog
        accountId={accountId}
        member={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(m) => {
          notify('success', memberRemoved(m));
          void client.invalidateQueries({ queryKey: ['list'] });
        }}
      />
    </>
  );
}
