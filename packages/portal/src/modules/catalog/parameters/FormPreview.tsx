import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useMemo, useState } from 'react';
import type { Parameter } from '@trellis/domain/catalog/parameter';
import { defaultValues } from '@trellis/domain/parameters/dependencies';
import type { ParamError } from '@trellis/domain/parameters/types';
import { validateParameterValues } from '@trellis/domain/parameters/validate';
import { ParameterForm, type ParameterFormGroup, type ParamValues } from '../../../components/ParameterForm/index.ts';
import { PARAMETER_SCOPE_LABELS as SCOPE_LABELS } from '@trellis/domain/parameters/types';

/** Request parameter tabs: the customer's (asset scope), then the tiers' (spec tier labels). */
export const TIER_GROUPS: ParameterFormGroup[] = (['asset', 'tier1', 'tier2'] as const).map((scope) => ({
  id: scope,
  label: SCOPE_LABELS[scope],
  match: (p) => p.scope === scope,
}));

export interface FormPreviewProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The parameters of one phase. */
  parameters: Parameter[];
}

/**
 * The form a customer (and the tiers) will fill, with the shared validator behind "Validate": invalid
 * values get the §5 messages on their fields, valid ones a success message. Nothing is sent.
 */
export function FormPreview({ open, onClose, title, parameters }: FormPreviewProps) {
  const initial = useMemo(() => defaultValues(parameters), [parameters]);
  const [values, setValues] = useState<ParamValues>(initial);
  const [errors, setErrors] = useState<Record<string, ParamError>>({});
  const [result, setResult] = useState<'valid' | 'invalid' | null>(null);
  const reset = () => {
    setValues(initial);
    setErrors({});
    setResult(null);
  };
  useEffect(() => {
    if (open) reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, initial]);

  // A field the user changes loses its message until the next Validate.
  const change = (next: ParamValues) => {
    const changed = Object.keys(next).filter((k) => next[k] !== values[k]);
    setValues(next);
    if (changed.length)
      setErrors((cur) => Object.fromEntries(Object.entries(cur).filter(([k]) => !changed.includes(k))));
    setResult(null);
  };
  const validate = () => {
    const r = validateParameterValues(parameters, values);
    setErrors(r.errors);
    setResult(r.valid ? 'valid' : 'invalid');
  };
  const count = Object.keys(errors).length;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="form-preview-title" scroll="paper">
      <DialogTitle id="form-preview-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Alert severity="info" sx={{ mb: 2 }}>
          This is how the form looks to whoever fills it in. Nothing you enter here is saved.
        </Alert>
        <ParameterForm parameters={parameters} values={values} onChange={change} errors={errors} groups={TIER_GROUPS} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, justifyContent: 'space-between' }}>
        <div role="status" aria-live="polite" style={{ flex: 1 }}>
          {result === 'valid' && <Alert severity="success">All values are valid.</Alert>}
          {result === 'invalid' && (
            <Alert severity="error">
              {count === 1 ? '1 field needs attention.' : `${count} fields need attention.`}
            </Alert>
          )}
        </div>
        <Button onClick={reset}>Reset</Button>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={validate}>
          Validate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
