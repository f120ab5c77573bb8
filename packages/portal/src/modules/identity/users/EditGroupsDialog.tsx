import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AccountUser } from '@trellis/domain/identity/user';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useAccountGroups } from '../data.ts';
import { GroupsSelect } from './GroupsSelect.tsx';
import { memberPath } from './memberActions.ts';

/** Replace a member's groups: PUT /accounts/{a}/users/{id} {groups}. */
export function EditGroupsDialog({
  accountId,
  member,
  open,
  onClose,
  onSaved,
}: {
  accountId: string;
  member: AccountUser;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const client = useQueryClient();
  const groups = useAccountGroups(accountId);
  const [value, setValue] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setValue(member.groups?.map((g) => g.id) ?? []);
      setError(null);
    }
  }, [open, member]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.put(memberPath(accountId, member.id), { groups: value.map((id) => ({ id })) });
      await client.invalidateQueries({ queryKey: ['get'] });
      void client.invalidateQueries({ queryKey: ['list'] });
      onSaved();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={`Groups of ${member.name || member.email}`}
      onClose={onClose}
      onSubmit={(e) => void save(e)}
      submitLabel="Save"
      busy={busy}
      error={error}
    >
      <GroupsSelect groups={groups.data ?? []} value={value} onChange={setValue} disabled={groups.isPending || busy} />
    </FormDialog>
  );
}
