import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Request } from '@trellis/domain/fulfillment/request';
import type { RequestParam } from '@trellis/domain/fulfillment/common';
import type { ParamError } from '@trellis/domain/parameters/types';
import { ParameterForm, type ParamValues } from '../../../../components/ParameterForm/index.ts';
import { formParameter } from './order.ts';

export interface ParametersStepProps {
  /** Whether the product asks for ordering parameters at all. */
  needed: boolean;
  draft: Request | null;
  params: readonly RequestParam[];
  values: ParamValues;
  errors: Record<string, ParamError>;
  onChange: (values: ParamValues) => void;
  creating: boolean;
  /** Making the draft failed: try again. */
  onRetry: () => void;
}

/** Step 4: the ordering parameters of the draft, filled in with the shared order form (errors on their fields). */
export function ParametersStep({
  needed,
  draft,
  params,
  values,
  errors,
  onChange,
  creating,
  onRetry,
}: ParametersStepProps) {
  if (!needed)
    return (
      <Typography color="text.secondary">
        This product asks for no ordering parameters: place the order to send it to the vendor.
      </Typography>
    );
  if (creating) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
        <CircularProgress size={20} /> <Typography>Preparing the draft order…</Typography>
      </Box>
    );
  }
  if (!draft)
    return (
      <Button onClick={onRetry} variant="outlined">
        Try again
      </Button>
    );
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Saved as draft <b>{draft.id}</b>: you can also finish it later from the fulfillment requests, or delete it
        there.
      </Typography>
      <ParameterForm parameters={params.map(formParameter)} values={values} errors={errors} onChange={onChange} />
    </>
  );
}
