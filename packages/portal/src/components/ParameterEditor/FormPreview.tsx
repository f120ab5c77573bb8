import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useMemo, useState } from 'react';
import { defaultValues } from '@trellis/domain/parameters/dependencies';
import type { ParamError } from '@trellis/domain/parameters/types';
import { validateParameterValues } from '@trellis/domain/parameters/validate';
import {
  ParameterForm,
  type FormParameter,
  type ParameterFormGroup,
  type ParamValues,
} from '../ParameterForm/index.ts';

export interface FormPreviewProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The definitions of the form (one phase of a product, or a custom form's fields). */
  parameters: readonly FormParameter[];
  /** Titled parts of the form (e.g. the request's Customer / T1 / T2 tabs). */
  groups?: ParameterFormGroup[];
}

/** Values, messages and the Validate / Reset of a preview: nothing is ever sent. */
function usePreview(parameters: readonly FormParameter[]) {
  const initial = useMemo(() => defaultValues(parameters), [parameters]);
  const [values, setValues] = useState<ParamValues>(initial);
  const [errors, setErrors] = useState<Record<string, ParamError>>({});
  const [result, setResult] = useState<'valid' | 'invalid' | null>(null);
  const reset = () => {
    setValues(initial);
    setErrors({});
    setResult(null);
  };
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
  return { initial, values, setValues, errors, setErrors, result, setResult, reset, change, validate };
}

function PreviewResult({ result, errors }: { result: 'valid' | 'invalid' | null; errors: Record<string, ParamError> }) {
  const count = Object.keys(errors).length;
  return (
    <div role="status" aria-live="polite" style={{ flex: 1 }}>
      {result === 'valid' && <Alert severity="success">All values are valid.</Alert>}
      {result === 'invalid' && (
        <Alert severity="error">{count === 1 ? '1 field needs attention.' : `${count} fields need attention.`}</Alert>
      )}
    </div>
  );
}

/**
 * The form a customer (and the tiers) will fill, with the shared validator behind "Validate": invalid
 * values get the §5 messages on their fields, valid ones a success message. Nothing is sent.
 */
export function FormPreview({ open, onClose, title, parameters, groups }: FormPreviewProps) {
  const p = usePreview(parameters);
  useEffect(() => {
    if (open) p.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, p.initial]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="form-preview-title" scroll="paper">
      <DialogTitle id="form-preview-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Alert severity="info" sx={{ mb: 2 }}>
          This is how the form looks to whoever fills it in. Nothing you enter here is saved.
        </Alert>
        <ParameterForm
          parameters={parameters}
          values={p.values}
          onChange={p.change}
          errors={p.errors}
          groups={groups}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, justifyContent: 'space-between' }}>
        <PreviewResult result={p.result} errors={p.errors} />
        <Button onClick={p.reset}>Reset</Button>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={p.validate}>
          Validate
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The same preview inline, following the definitions as they are edited: what was typed stays while its field
 * exists, new fields start at their defaults, and messages wait for the next Validate.
 */
export function FormPreviewPanel({ parameters, groups }: Pick<FormPreviewProps, 'parameters' | 'groups'>) {
  const p = usePreview(parameters);
  const { initial, setValues, setErrors, setResult } = p;
  useEffect(() => {
    setValues((cur) => ({ ...initial, ...Object.fromEntries(Object.entries(cur).filter(([k]) => k in initial)) }));
    setErrors({});
    setResult(null);
  }, [initial, setValues, setErrors, setResult]);
  return (
    <Box>
      <ParameterForm parameters={parameters} values={p.values} onChange={p.change} errors={p.errors} groups={groups} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 2 }}>
        <PreviewResult result={p.result} errors={p.errors} />
        <Button onClick={p.reset}>Reset</Button>
        <Button variant="outlined" onClick={p.validate}>
          Validate
        </Button>
      </Box>
    </Box>
  );
}
