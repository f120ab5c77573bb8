import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { AGREEMENT_PARTNER, type Agreement } from '@trellis/domain/partners/agreement';
import type { Contract } from '@trellis/domain/partners/contract';
import type { Partner } from '@trellis/domain/distribution/partner';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useActivePartners } from './data.ts';

type Choice = Partner | string;
const idOf = (c: Choice | null) => (typeof c === 'string' ? c.trim() : (c?.id ?? ''));

/**
 * The distributor offers a program or service contract under its agreement to one partner: a vendor of its
 * directory, or a reseller by account id. The contract waits for the partner to sign.
 */
export function OfferContractDialog({
  open,
  agreement,
  onClose,
  onOffered,
}: {
  open: boolean;
  agreement: Agreement;
  onClose: () => void;
  onOffered: (c: Contract) => void;
}) {
  const wanted = AGREEMENT_PARTNER[agreement.type];
  const partners = useActivePartners(open);
  const options = (partners.data ?? []).filter((p) => p.type === (wanted === 'vendor' ? 'vendor' : 'provider'));
  const [choice, setChoice] = useState<Choice | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const offer = useWrite<Contract, string>(
    { method: 'POST', path: `/agreements/${agreement.id}/contracts`, body: (id) => ({ owner: { id } }) },
    { objects: [`/agreements/${agreement.id}`] },
  );
  useEffect(() => {
    if (!open) return;
    setChoice(null);
    setFieldError(null);
    setError(null);
  }, [open]);

  const submit = async () => {
    const id = idOf(choice);
    if (!id) return setFieldError(`Choose the ${wanted} to offer the contract to.`);
    setFieldError(null);
    setError(null);
    try {
      onOffered(await offer.mutateAsync(id));
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      const mine = Object.entries(fields).find(([k]) => k.startsWith('owner'))?.[1]?.[0];
      if (mine) setFieldError(mine);
      else setError(errorMessage(err));
    }
  };

  return (
    <FormDialog
      open={open}
      title="Offer contract"
      submitLabel="Offer"
      busy={offer.isPending}
      error={error}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography variant="body2">
        {`The ${wanted} is asked to sign "${agreement.title}" (version ${agreement.version?.version ?? 1}).`}
      </Typography>
      <Autocomplete<Choice, false, false, true>
        freeSolo
        options={options}
        loading={partners.isPending}
        value={choice}
        onChange={(_, v) => setChoice(v)}
        onInputChange={(_, text, reason) => reason === 'input' && setChoice(text)}
        getOptionLabel={(o) => (typeof o === 'string' ? o : `${o.name} (${o.id})`)}
        isOptionEqualToValue={(o, v) => idOf(o) === idOf(v)}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Partner"
            required
            error={!!fieldError}
            helperText={
              fieldError ??
              (wanted === 'vendor' ? 'One of your vendors.' : 'A reseller: pick one, or type its account id.')
            }
          />
        )}
      />
    </FormDialog>
  );
}
