import Typography from '@mui/material/Typography';
import type { AccountUser } from '@trellis/domain/identity/user';
import { api } from '../../../api/client.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

/** An administrator turns a member's MFA off (lost phone and recovery codes); the server says when there is none. */
export function ResetMfaDialog({
  accountId,
  member,
  onClose,
  onReset,
}: {
  accountId: string;
  member: AccountUser | null;
  onClose: () => void;
  onReset: (m: AccountUser) => void;
}) {
  return (
    <ConfirmDialog
      open={!!member}
      title="Reset multi-factor authentication"
      confirmLabel="Reset MFA"
      destructive
      onClose={onClose}
      onConfirm={async () => {
        await api.post(`/accounts/${accountId}/users/${member!.id}/mfa/reset`);
        onReset(member!);
      }}
    >
      <Typography variant="body2">
        {member?.name || member?.email} signs in with the password alone until they set multi-factor authentication up
        again (at once, if this account requires it). Do this when they lost both their authenticator app and their
        recovery codes.
      </Typography>
    </ConfirmDialog>
  );
}
