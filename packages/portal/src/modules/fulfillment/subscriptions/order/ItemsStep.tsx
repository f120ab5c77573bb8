import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { itemTypeLabel, periodLabel, type Item } from '@trellis/domain/catalog/item';
import { isPayPerUse } from './order.ts';
import type { StepProps } from './ProductStep.tsx';

/** Step 3: how many of each published item; pay-per-use items come with the subscription and are billed by usage. */
export function ItemsStep({
  order,
  set,
  errors,
  items,
  loading,
}: StepProps & { items: readonly Item[]; loading: boolean }) {
  if (!loading && items.length === 0)
    return <Alert severity="warning">This product has no published item to order.</Alert>;
  return (
    <>
      {errors.items && (
        <Alert severity="error" role="alert">
          {errors.items}
        </Alert>
      )}
      <Table size="small" aria-label="Items">
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell>Billing</TableCell>
            <TableCell sx={{ width: 160 }}>Quantity</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>
                {item.display_name || item.name}
                <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace' }}>
                  {item.mpn}
                </Typography>
              </TableCell>
              <TableCell>
                {/* the catalogue's words: 'Pay-as-you-go · Recurring', 'Reservation · Recurring' */}
                {[itemTypeLabel(item.type), periodLabel(isPayPerUse(item) ? 'monthly' : item.period), item.unit.title]
                  .filter(Boolean)
                  .join(' · ')}
              </TableCell>
              <TableCell>
                {isPayPerUse(item) ? (
                  <Typography variant="body2" color="text.secondary">
                    Billed by usage
                  </Typography>
                ) : (
                  <TextField
                    size="small"
                    value={order.quantities[item.id] ?? '0'}
                    error={!!errors[`item:${item.id}`]}
                    helperText={errors[`item:${item.id}`]}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'numeric',
                        'aria-label': `Quantity of ${item.display_name || item.name}`,
                      },
                    }}
                    onChange={(e) => set({ quantities: { ...order.quantities, [item.id]: e.target.value } })}
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
