import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ConfigurationData, Parameter } from '@trellis/domain/catalog/parameter';
import type { Item } from '@trellis/domain/catalog/item';
import type { ParamError, ParamValue } from '@trellis/domain/parameters/types';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { listAll } from '../../../api/list.ts';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ParameterForm } from '../../../components/ParameterForm/index.ts';

const ITEM_SCOPES = ['item', 'item_marketplace'];
const MARKETPLACE_SCOPES = ['marketplace', 'item_marketplace'];

/** A stored value as one line. */
export function valueText(v: { value?: string | null; structured_value?: unknown }): string {
  if (v.value) return v.value;
  const sv = v.structured_value;
  if (sv === null || sv === undefined || sv === '') return '';
  return typeof sv === 'string' ? sv : JSON.stringify(sv);
}

/** The validator's errors of a 400 (`params` of the body), else null. */
export function paramErrorsOf(err: unknown): Record<string, ParamError> | null {
  if (!(err instanceof ApiError) || !err.text || typeof err.text !== 'object') return null;
  const params = (err.text as { params?: unknown }).params;
  return params && typeof params === 'object' ? (params as Record<string, ParamError>) : null;
}

export interface ConfigurationValuesProps {
  productId: string;
  parameter: Parameter;
  readOnly: boolean;
}

/**
 * The configuration values of one configuration parameter, for the product, an item, a marketplace or an
 * item in a marketplace (by its scope). Saving POSTs /products/{id}/configurations (an upsert); the
 * validator's messages of a 400 show on the field.
 */
export function ConfigurationValues({ productId, parameter, readOnly }: ConfigurationValuesProps) {
  const path = `/products/${productId}/configurations`;
  const post = useWrite<ConfigurationData, Record<string, unknown>>(
    { method: 'POST', path },
    { lists: [path], notice: () => `Value of ${parameter.title} saved.` },
  );
  const needsItem = ITEM_SCOPES.includes(parameter.scope);
  const needsMarketplace = MARKETPLACE_SCOPES.includes(parameter.scope);
  const stored = useQuery({
    queryKey: ['list', path, parameter.id],
    queryFn: ({ signal }) => listAll<ConfigurationData>(path, `eq(parameter.id,${parameter.id})`, signal),
  });
  const items = useQuery({
    queryKey: ['list', `/products/${productId}/items`, 'all'],
    queryFn: ({ signal }) => listAll<Item>(`/products/${productId}/items`, 'ordering(position)', signal),
    enabled: needsItem,
  });
  const [itemId, setItemId] = useState('');
  const [marketplaceId, setMarketplaceId] = useState('');
  const [values, setValues] = useState<Record<string, ParamValue>>({});
  const [errors, setErrors] = useState<Record<string, ParamError>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = post.isPending;
  // Shown on its own: its dependency is resolved by the server against the other stored values.
  const alone = useMemo(
    () => [
      { ...parameter, constraints: { ...parameter.constraints, dependency: null, hidden: false, readonly: false } },
    ],
    [parameter],
  );

  const target = (c: ConfigurationData) =>
    [c.item?.name ?? c.item?.id, c.marketplace?.name ?? c.marketplace?.id].filter(Boolean).join(' · ') || 'Product';
  const edit = (c: ConfigurationData) => {
    setItemId(c.item?.id ?? '');
    setMarketplaceId(c.marketplace?.id ?? '');
    setValues({ [parameter.name]: { value: c.value, structured_value: c.structured_value ?? undefined } });
    setErrors({});
    setFormError(null);
  };

  const save = async () => {
    setErrors({});
    setFormError(null);
    const v = values[parameter.name] ?? {};
    try {
      await post.mutateAsync({
        parameter: { id: parameter.id },
        ...(needsItem ? { item: itemId ? { id: itemId } : null } : {}),
        ...(needsMarketplace ? { marketplace: marketplaceId.trim() ? { id: marketplaceId.trim() } : null } : {}),
        value: v.value ?? null,
        ...(v.structured_value !== undefined ? { structured_value: v.structured_value } : {}),
      });
    } catch (err) {
      const byParam = paramErrorsOf(err);
      if (byParam?.[parameter.name]) setErrors(byParam);
      else setFormError(errorMessage(err));
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Configuration values
      </Typography>
      {stored.isError ? (
        <ErrorState error={stored.error} onRetry={() => void stored.refetch()} />
      ) : (
        <Paper variant="outlined" sx={{ mb: 2 }}>
          <Table size="small" aria-label="Configuration values">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>For</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>Value</TableCell>
                {!readOnly && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {stored.data?.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{target(c)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {parameter.type === 'password' ? '••••••' : valueText(c)}
                  </TableCell>
                  {!readOnly && (
                    <TableCell align="right">
                      <Button size="small" onClick={() => edit(c)}>
                        Edit
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {stored.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
                    No value set yet.
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Paper>
      )}
      {!readOnly && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Set a value">
          <Typography variant="subtitle1" sx={{ mb: 2 }}>
            Set a value
          </Typography>
          {formError && (
            <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
              {formError}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
            {needsItem && (
              <TextField
                select
                label="Item"
                value={itemId}
                onChange={(e) => setItemId(e.target.value)}
                sx={{ minWidth: 260 }}
                required
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="" />
                {items.data?.map((i) => (
                  <option key={i.id} value={i.id}>{`${i.name} (${i.id})`}</option>
                ))}
              </TextField>
            )}
            {needsMarketplace && (
              <TextField
                label="Marketplace ID"
                value={marketplaceId}
                onChange={(e) => setMarketplaceId(e.target.value)}
                required
                placeholder="MP-12345"
                sx={{ minWidth: 220 }}
              />
            )}
          </Box>
          <ParameterForm
            parameters={alone}
            values={values}
            onChange={(v) => {
              setValues(v);
              setErrors({});
            }}
            errors={errors}
          />
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={() => void save()} disabled={busy}>
              Save value
            </Button>
          </Box>
        </Paper>
      )}
    </Box>
  );
}
