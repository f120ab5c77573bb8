import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TierAccount, TierAccountType } from '@trellis/domain/customers/tier-account';
import { api } from '../../api/client.ts';
import {
  AccountForm,
  accountFormBody,
  accountFormValues,
  applyAccountServerErrors,
  emptyAccountForm,
  useAccountForm,
} from '../../components/AccountForm/index.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TIER_PATH, tierLabel, useParentOptions } from './data.ts';

export interface CustomerDialogProps {
  open: boolean;
  /** The account to edit; none creates a new one of `type`. */
  account?: TierAccount | null;
  type?: TierAccountType;
  onClose: () => void;
  onSaved: (account: TierAccount) => void;
}

/**
 * Create a customer or reseller (account form plus an optional parent reseller), or edit one's account
 * form. The schema checks before sending; the server's field messages land on the same fields.
 */
export function CustomerDialog({ open, account, type = 'customer', onClose, onSaved }: CustomerDialogProps) {
  const client = useQueryClient();
  const creating = !account;
  const kind = account?.type ?? type;
  const form = useAccountForm();
  const [parent, setParent] = useState('');
  const [parentError, setParentError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const parents = useParentOptions(kind, open && creating);

  useEffect(() => {
    if (!open) return;
    form.reset(account ? accountFormValues(account) : emptyAccountForm());
    setParent('');
    setParentError(null);
    setError(null);
    // Not on every refetch of the account: only when the dialog opens or another version arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, account?.id, account?.version]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setParentError(null);
    try {
      const body = accountFormBody(values);
      const saved = creating
        ? await api.post<TierAccount>(TIER_PATH, { ...body, type: kind, ...(parent ? { parent: { id: parent } } : {}) })
        : await api.put<TierAccount>(`${TIER_PATH}/${account.id}`, body);
      void client.invalidateQueries({ queryKey: ['list'] });
      void client.invalidateQueries({ queryKey: ['get', `${TIER_PATH}/${saved.id}`] });
      onSaved(saved);
    } catch (err) {
      setError(
        applyAccountServerErrors(err, form.setError, (field, message) => {
          if (!creating || !field.startsWith('parent')) return false;
          setParentError(message);
          return true;
        }),
      );
    }
  });

  const busy = form.formState.isSubmitting;
  return (
    <FormDialog
      open={open}
      maxWidth="md"
      title={creating ? `Create ${kind}` : `Edit ${kind}`}
      submitLabel={creating ? 'Create' : 'Save'}
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={submit}
    >
      {creating && (
        <TextField
          select
          label={kind === 'reseller' ? 'Parent T1 reseller' : 'Parent reseller'}
          value={parent}
          fullWidth
          disabled={busy}
          onChange={(e) => {
            setParent(e.target.value);
            setParentError(null);
          }}
          error={!!parentError}
          helperText={
            parentError ??
            (kind === 'reseller'
              ? 'Under a T1 the new reseller is a T2; without one it is a T1.'
              : 'The reseller that serves this customer; none for a direct customer.')
          }
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{kind === 'reseller' ? 'None (a T1 reseller)' : 'None (direct customer)'}</option>
          {(parents.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>{`${p.name} · ${tierLabel(p)} · ${p.id}`}</option>
          ))}
        </TextField>
      )}
      <AccountForm form={form} disabled={busy} autoFocus />
    </FormDialog>
  );
}
