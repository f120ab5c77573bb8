import type { AccountUser } from '@trellis/domain/identity/user';
import { api } from '../../../api/client.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { memberPath } from './memberActions.ts';

export interface RemoveMemberDialogProps {
  accountId: string;
  member: AccountUser | null;
  onClose: () => void;
  onRemoved: (member: AccountUser) => void;
}

/** Confirm, then DELETE /accounts/{a}/users/{id}; the server's refusal (e.g. removing yourself) stays in the dialog. */
export function RemoveMemberDialog({ accountId, member, onClose, onRemoved }: RemoveMemberDialogProps) {
  return (
    <ConfirmDialog
      open={!!member}
      title="Remove user"
      confirmLabel="Remove"
      destructive
      onClose={onClose}
      onConfirm={async () => {
        await api.delete(memberPath(accountId, member!.id));
        onRemoved(member!);
      }}
    >
      {member && (
        <>
          Remove <b>{member.name || member.email}</b> ({member.email}) from this account? They lose access at once;
          their groups are cleared. You can invite them again later.
        </>
      )}
    </ConfirmDialog>
  );
}
