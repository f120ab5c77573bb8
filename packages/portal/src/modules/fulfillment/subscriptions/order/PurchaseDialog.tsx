import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useCallback, useEffect, useState } from 'react';
import type { Request } from '@trellis/domain/fulfillment/request';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { errorMessage } from '../../../../api/errors.ts';
import { useAuth } from '../../../../app/session/SessionProvider.tsx';
import { CustomerStep } from './CustomerStep.tsx';
import { useActiveConnections, useCustomers, useOrderingParameters, useOrderItems } from './data.ts';
import { ItemsStep } from './ItemsStep.tsx';
import { draftBody, EMPTY_ORDER, quantityProblems, type OrderChoices } from './order.ts';
import { ParametersStep } from './ParametersStep.tsx';
import { ProductStep } from './ProductStep.tsx';
import { usePurchaseDraft } from './usePurchaseDraft.ts';

const STEPS = ['Product', 'Customer', 'Items', 'Parameters'] as const;
const PARAMETERS = 3;

export interface PurchaseDialogProps {
  open: boolean;
  onClose: () => void;
  /** The purchase was submitted (it is pending, or in tiers setup). */
  onPlaced: (request: Request) => void;
}

/**
 * The provider orders a product for a customer: product and connection (and marketplace), customer, item quantities,
 * then the ordering parameters of the draft the last step opens. Submitting validates the values and purchases.
 */
export function PurchaseDialog({ open, onClose, onPlaced }: PurchaseDialogProps) {
  const auth = useAuth();
  const [step, setStep] = useState(0);
  const [order, setOrder] = useState<OrderChoices>(EMPTY_ORDER);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const draft = usePurchaseDraft();
  const set = useCallback((patch: Partial<OrderChoices>) => {
    setOrder((o) => ({ ...o, ...patch }));
    setErrors({});
  }, []);

  const connections = useActiveConnections(order.productId || undefined, auth.account.id);
  const connection = connections.data?.find((c) => c.id === order.connectionId);
  const customer = useCustomers(open).data?.find((c) => c.id === order.customerId);
  const items = useOrderItems(order.productId || undefined);
  const parameters = useOrderingParameters(order.productId || undefined);
  const needsParams = (parameters.data?.length ?? 0) > 0;
  const production = connection?.type === 'production';

  useEffect(() => {
    if (!open) return;
    setStep(0);
    setOrder(EMPTY_ORDER);
    setErrors({});
    draft.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  /** What keeps the user on a step (field → message). */
  function problems(at: number): Record<string, string> {
    const out: Record<string, string> = {};
    if (at === 0) {
      if (!order.productId) out.productId = REQUIRED;
      if (!order.connectionId) out.connectionId = REQUIRED;
      if (production && !order.marketplaceId) out.marketplaceId = REQUIRED;
    } else if (at === 1) {
      if (!order.customerId || !customer) out.customerId = REQUIRED;
    } else if (at === 2) {
      const q = quantityProblems(items.data ?? [], order.quantities);
      for (const [id, message] of Object.entries(q.items)) out[`item:${id}`] = message;
      if (q.order) out.items = q.order;
      if (!items.data?.length) out.items = 'This product has no published item to order.';
      // Whether the last step makes a draft depends on the product's parameters: they must have loaded.
      if (parameters.isError) out.items = errorMessage(parameters.error);
    }
    return out;
  }

  const body = () => draftBody(order, items.data ?? [], customer!, production);

  const next = () => {
    const found = problems(step);
    setErrors(found);
    if (Object.keys(found).length) return;
    const to = step + 1;
    setStep(to);
    // Spec §4: opening the parameters step of a product with parameters makes the draft.
    if (to === PARAMETERS && needsParams) void draft.open(body());
  };

  const place = async () => {
    for (let at = 0; at < PARAMETERS; at++) {
      const found = problems(at);
      if (Object.keys(found).length) {
        setErrors(found);
        setStep(at);
        return;
      }
    }
    const placed = await draft.submit(body(), needsParams);
    if (placed) onPlaced(placed);
  };

  const busy = draft.busy !== null;
  const last = step === PARAMETERS;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="purchase-dialog-title"
    >
      <DialogTitle id="purchase-dialog-title">New purchase</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 3, mt: 1 }}>
          {STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Stack spacing={2}>
          {last && draft.message && (
            <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
              {draft.message}
            </Alert>
          )}
          {step === 0 && (
            <ProductStep order={order} set={set} errors={errors} providerId={auth.account.id} connection={connection} />
          )}
          {step === 1 && <CustomerStep order={order} set={set} errors={errors} customer={customer} />}
          {step === 2 && (
            <ItemsStep order={order} set={set} errors={errors} items={items.data ?? []} loading={items.isPending} />
          )}
          {last && (
            <ParametersStep
              needed={needsParams}
              draft={draft.draft}
              params={draft.params}
              values={draft.values}
              errors={draft.errors}
              onChange={draft.change}
              creating={draft.busy === 'draft'}
              onRetry={() => void draft.open(body())}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {step > 0 && (
          <Button
            onClick={() => {
              setErrors({});
              setStep(step - 1);
            }}
            disabled={busy}
          >
            Back
          </Button>
        )}
        {last ? (
          <Button variant="contained" onClick={() => void place()} disabled={busy || (needsParams && !draft.draft)}>
            Place order
          </Button>
        ) : (
          <Button variant="contained" onClick={next} disabled={step === 2 && (items.isPending || parameters.isPending)}>
            Next
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
