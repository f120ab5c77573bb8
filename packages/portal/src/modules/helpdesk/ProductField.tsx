import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { usePartnerProducts } from './data.ts';

export interface ProductFieldProps {
  /** The receiving partner; no choice until one is picked. */
  partnerId?: string;
  value: string;
  onChange: (productId: string) => void;
  error?: string;
}

/**
 * The product a case is about (optional): one of the vendor's, the vendor being the receiver or the caller. Left out
 * when there is nothing to choose (no partner yet, none of its products, or a list the user may not read).
 */
export function ProductField({ partnerId, value, onChange, error }: ProductFieldProps) {
  const products = usePartnerProducts(partnerId);
  if (!partnerId || products.isError || products.data?.length === 0) return null;
  return (
    <TextField
      select
      label="Product"
      fullWidth
      value={products.data ? value : ''}
      disabled={!products.data}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? 'Optional: the product the case is about.'}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {(products.data ?? []).map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name} ({p.id})
        </MenuItem>
      ))}
    </TextField>
  );
}
