import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { productResource, type Product, type ProductVersion } from '@trellis/domain/catalog/product';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { listAll } from '../../../api/list.ts';
import { pathTo } from '../../../app/routes.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EndSaleDialog } from '../common/EndSaleDialog.tsx';
import { notify, type NoticeState } from '../common/notify.ts';
import { productTabUrl } from '../common/paths.ts';
import { BuildVersionDialog, buildStartedMessage } from '../versions/BuildVersionDialog.tsx';

/** Status actions the product offers in its state (spec §4): end of sale from published, resume from end of sale. */
export function productActions(status: Product['status']): string[] {
  const out: string[] = [];
  if (status === 'published') out.push('endsale');
  if (status === 'endofsale') out.push('resumesale');
  return out;
}

/** Latest catalogue or a built version; switching keeps the tab. */
export function VersionSelect({ productId, tab, version, versions }: {
  productId: string; tab: string; version?: number; versions: ProductVersion[];
}) {
  const navigate = useNavigate();
  const ready = versions.filter((v) => v.build.status === 'ready');
  return (
    <TextField select size="small" label="Version" sx={{ minWidth: 200 }} value={version ? String(version) : 'latest'}
      onChange={(e) => navigate(productTabUrl(productId, tab, e.target.value === 'latest' ? undefined : Number(e.target.value)))}>
      <MenuItem value="latest">Latest (live catalogue)</MenuItem>
      {version && !ready.some((v) => v.version === version) && <MenuItem value={String(version)}>Version {version}</MenuItem>}
      {ready.map((v) => <MenuItem key={v.version} value={String(v.version)}>Version {v.version}{v.latest ? ' (master)' : ''}</MenuItem>)}
    </TextField>
  );
}

/** The owning vendor's actions on the live product: end or resume the sale, build a version, delete a draft. */
export function ProductHeaderActions({ product, building }: { product: Product; building: boolean }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'endsale' | 'build' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const others = useQuery({
    queryKey: ['list', '/products', 'replacements'], enabled: dialog === 'endsale',
    queryFn: ({ signal }) => listAll<Product>('/products', 'eq(status,published)&ordering(name)', signal),
  });
  const refetch = async () => {
    await client.invalidateQueries({ queryKey: ['get'] });
    void client.invalidateQueries({ queryKey: ['list'] });
  };
  const post = async (action: string, body: unknown = {}) => {
    await api.post(`/products/${product.id}/${action}`, body);
    notify('success', `${productResource.actions?.[action]?.label ?? action}: ${product.name}.`);
    await refetch();
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {productActions(product.status).map((a) => (
        <Button key={a} variant="outlined" size="small" disabled={busy}
          onClick={() => {
            if (a === 'endsale') return setDialog('endsale');
            setBusy(true);
            post(a).catch((err) => notify('error', errorMessage(err))).finally(() => setBusy(false));
          }}>
          {productResource.actions?.[a]?.label ?? a}
        </Button>
      ))}
      <Button variant="contained" size="small" disabled={building} onClick={() => setDialog('build')}>
        {building ? 'Building…' : 'Build version'}
      </Button>
      {product.status === 'draft' && (
        <Button variant="outlined" size="small" color="error" onClick={() => setDialog('delete')}>Delete</Button>
      )}
      <EndSaleDialog open={dialog === 'endsale'} noun="product" name={product.name} onClose={() => setDialog(null)}
        replacements={(others.data ?? []).filter((p) => p.id !== product.id)} onConfirm={(body) => post('endsale', body)} />
      <BuildVersionDialog productId={product.id} open={dialog === 'build'} onClose={() => setDialog(null)}
        onStarted={(v) => navigate(productTabUrl(product.id, 'versions'), { state: { notice: { severity: 'info', content: buildStartedMessage(v) } } satisfies NoticeState })} />
      <ConfirmDialog open={dialog === 'delete'} title="Delete product" confirmLabel="Delete" destructive onClose={() => setDialog(null)}
        onConfirm={async () => {
          await api.delete(`/products/${product.id}`);
          // Forget the product's queries rather than refetch them (they would 404); the list refetches when shown.
          client.removeQueries({ predicate: (q) => q.queryKey.some((k) => typeof k === 'string' && k.startsWith(`/products/${product.id}`)) });
          navigate(pathTo('products'), { state: { notice: { severity: 'success', content: `Product ${product.name} (${product.id}) was deleted.` } } satisfies NoticeState });
        }}>
        Delete the draft product <b>{product.name}</b> ({product.id}) with its items, parameters and content? This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
