import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { Contract } from '@trellis/domain/partners/contract';
import { errorMessage } from '../../../api/errors.ts';
import { pathTo } from '../../../app/routes.ts';
import type { ActionDialogProps } from '../../../components/actions/ActionBar.tsx';
import { CustomFormFields, useCustomForm } from '../../../components/CustomForm/CustomFormFields.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { asParamValue, fieldErrorsOf, useContractData, useEnrollForm } from './enrollForm.ts';

/** Spec §8 wording for a form that does not validate. */
const FIX_FIELDS = 'Some fields are not valid: fix the ones marked below.';

/**
 * Enroll (the action bar's dialog): the partner fills in the agreement's enroll form — answers it gave before are
 * filled in again after a refine — accepts the terms, and posts the answers; a 400's messages land on their fields.
 */
export function EnrollDialog({ obj: contract, open, onClose, run }: ActionDialogProps<Contract>) {
  const enroll = useEnrollForm(contract.agreement.id, open);
  const previous = useContractData(contract.id, open);
  const form = enroll.data?.form ?? null;
  const answers = useCustomForm(form?.schema);
  const names = (form?.schema.fields ?? []).map((f) => f.name);
  const [accepted, setAccepted] = useState(false);
  const [acceptError, setAcceptError] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const loading = enroll.isPending || previous.isPending;

  useEffect(() => {
    if (!open || loading) return;
    const before = previous.data?.find((d) => d.type === 'enroll')?.data ?? {};
    answers.reset(Object.fromEntries(Object.entries(before).map(([k, v]) => [k, asParamValue(v)])));
    setAccepted(false);
    setAcceptError(false);
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- start again when the dialog opens with its data
  }, [open, loading, previous.data, form]);

  const submit = async () => {
    setError(null);
    const valid = answers.check();
    setAcceptError(!accepted);
    if (!valid) return setError(FIX_FIELDS);
    if (!accepted) return;
    setBusy(true);
    try {
      await run({ data: Object.fromEntries(names.map((n) => [n, answers.values[n] ?? { value: null }])) });
      onClose();
    } catch (err) {
      const found = fieldErrorsOf(err, names);
      answers.setErrors(found.errors);
      setError(found.placed ? FIX_FIELDS : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const version = enroll.data?.agreement.version?.version ?? contract.agreement.version;
  return (
    <FormDialog
      open={open}
      title="Enroll"
      submitLabel="Enroll"
      busy={busy}
      submitDisabled={loading}
      error={error ?? (enroll.isError ? errorMessage(enroll.error) : null)}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography variant="body2">
        {form
          ? `${contract.issuer.name} asks for the details below to review your enrolment in "${contract.name}".`
          : `Enroll in "${contract.name}": ${contract.issuer.name} then reviews your enrolment.`}
      </Typography>
      {loading
        ? [1, 2, 3].map((i) => <Skeleton key={i} height={56} />)
        : form && <CustomFormFields {...answers.fields} />}
      {contract.status === 'enrolling' && contract.note && (
        <Alert severity="info">{`${contract.issuer.name} asked you to refine: ${contract.note}`}</Alert>
      )}
      <div>
        <FormControlLabel
          control={
            <Checkbox
              checked={accepted}
              onChange={(e) => {
                setAccepted(e.target.checked);
                if (e.target.checked) setAcceptError(false);
              }}
            />
          }
          label={
            <>
              {'I accept the terms of '}
              <Link
                href={`${pathTo('partners.agreements.details', { id: contract.agreement.id })}?tab=document`}
                target="_blank"
                rel="noopener"
              >
                {`${contract.name}, version ${version}`}
              </Link>
            </>
          }
        />
        {acceptError && <FormHelperText error>Accept the terms to enroll.</FormHelperText>}
      </div>
    </FormDialog>
  );
}
