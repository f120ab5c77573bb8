import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@trellis/domain/catalog/product';
import { listAll } from '../../api/list.ts';

export interface ProductSelectProps {
  value: string;
  onChange: (productId: string) => void;
  /** The webhook's product, offered even when the account can no longer read it. */
  current?: { id: string; name?: string };
  error?: string;
  disabled?: boolean;
}

/** The product whose objects a webhook hears about: one of the products the account reads (GET /products). */
export function ProductSelect({ value, onChange, current, error, disabled }: ProductSelectProps) {
  // under the 'list' key, so a product created meanwhile shows up after any write
  const products = useQuery({
    queryKey: ['list', '/products', 'all'],
    queryFn: ({ signal }) => listAll<Product>('/products', 'ordering(name)', signal),
  });
  const options: { id: string; name?: string }[] = products.data ?? [];
  const all = current && !options.some((p) => p.id === current.id) ? [current, ...options] : options;
  const helper = products.isError
    ? 'The products could not be loaded.'
    : products.data && !all.length
      ? 'The account reads no product yet.'
      : undefined;
  return (
    <TextField
      select
      label="Product"
      required
      fullWidth
      value={all.some((p) => p.id === value) ? value : ''}
      disabled={disabled || !all.length}
      onChange={(e) => onChange(e.target.value)}
      error={!!error || products.isError}
      helperText={error ?? helper}
    >
      {all.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name ? `${p.name} (${p.id})` : p.id}
        </MenuItem>
      ))}
    </TextField>
  );
}
