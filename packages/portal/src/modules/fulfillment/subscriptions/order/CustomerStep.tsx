import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TierAccount } from '@trellis/domain/customers/tier-account';
import { FieldList } from '../../../../components/FieldList.tsx';
import { useCustomers } from './data.ts';
import { tierChain } from './order.ts';
import type { StepProps } from './ProductStep.tsx';

const SELECT = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
const ref = (a: { id: string; name: string | null } | null) => (a ? `${a.name ?? a.id} (${a.id})` : 'None');

/** Step 2: the customer the subscription is for (its T1 / T2 follow from its parents) and the order's own id. */
export function CustomerStep({ order, set, errors, customer }: StepProps & { customer: TierAccount | undefined }) {
  const customers = useCustomers(true);
  const chain = customer ? tierChain(customer) : null;
  return (
    <>
      <TextField
        select
        label="Customer"
        required
        fullWidth
        value={order.customerId}
        slotProps={SELECT}
        onChange={(e) => set({ customerId: e.target.value })}
        error={!!errors.customerId}
        helperText={
          errors.customerId ??
          (customers.data?.length === 0 ? 'You have no active customer yet: create one in Customers first.' : undefined)
        }
      >
        <MenuItem value="" disabled>
          <em>Choose a customer</em>
        </MenuItem>
        {(customers.data ?? []).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name} ({c.id})
          </MenuItem>
        ))}
      </TextField>
      {chain && (
        <>
          <Typography variant="overline" color="text.secondary" component="h3">
            Served through
          </Typography>
          <FieldList
            items={[
              { label: 'T1', value: ref(chain.tier1) },
              { label: 'T2', value: ref(chain.tier2) },
            ]}
          />
        </>
      )}
      <TextField
        label="External ID"
        fullWidth
        value={order.externalId}
        onChange={(e) => set({ externalId: e.target.value })}
        error={!!errors.externalId}
        helperText={errors.externalId ?? 'Optional: the order number in your own system.'}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
    </>
  );
}
