import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import type { Partner } from '@trellis/domain/distribution/partner';

export function PartnerAvatar({ partner }: { partner: Pick<Partner, 'id' | 'name' | 'icon'> }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Avatar
        variant="rounded"
        src={partner.icon ?? undefined}
        alt={partner.name}
        sx={{ width: 32, height: 32, bgcolor: partner.icon ? 'transparent' : 'action.selected' }}
      >
        <HandshakeOutlinedIcon sx={{ fontSize: 20, color: 'text.secondary' }} />
      </Avatar>
      <Box>
        <Box sx={{ fontWeight: 500 }}>{partner.name}</Box>
        <Box sx={{ color: 'text.secondary', fontSize: 12, fontFamily: 'monospace' }}>{partner.id}</Box>
      </Box>
    </Box>
  );
}

/** Only the invited side accepts an invitation. */
export const invitedMe = (p: Partner, accountId: string) => p.invitation.by.id !== accountId;

/** Who invited whom, from the caller's side. */
export function invitationText(p: Partner, accountId: string): string {
  return p.invitation.by.id === accountId ? `Invited by you` : `Invited you`;
}
