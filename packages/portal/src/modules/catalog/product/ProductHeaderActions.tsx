import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { productResource, type Product, type ProductVersion } from '@trellis/domain/catalog/product';
import { pathTo } from '../../../app/routes.ts';
import type { NoticeState } from '../../../app/notices.ts';
import { ActionBar } from '../../../components/actions/ActionBar.tsx';
import { EndSaleDialog } from '../common/EndSaleDialog.tsx';
import { deletedNotice } from '../common/notices.ts';
import { productTabUrl } from '../common/paths.ts';
import { BuildVersionDialog, buildStartedMessage } from '../versions/BuildVersionDialog.tsx';

/** Latest catalogue or a built version; switching keeps the tab. */
export function VersionSelect({
  productId,
  tab,
  version,
  versions,
}: {
  productId: string;
  tab: string;
  version?: number;
  versions: ProductVersion[];
}) {
  const navigate = useNavigate();
  const ready = versions.filter((v) => v.build.status === 'ready');
  return (
    <TextField
      select
      size="small"
      label="Version"
      sx={{ minWidth: 200 }}
      value={version ? String(version) : 'latest'}
      onChange={(e) =>
        navigate(productTabUrl(productId, tab, e.target.value === 'latest' ? undefined : Number(e.target.value)))
      }
    >
      <MenuItem value="latest">Latest (live catalogue)</MenuItem>
      {version && !ready.some((v) => v.version === version) && (
        <MenuItem value={String(version)}>Version {version}</MenuItem>
      )}
      {ready.map((v) => (
        <MenuItem key={v.version} value={String(v.version)}>
          Version {v.version}
          {v.latest ? ' (master)' : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The owning vendor's actions on the live product: what the product machine offers (end or resume the sale),
 * delete while a draft, and build a version.
 */
export function ProductHeaderActions({ product, building }: { product: Product; building: boolean }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [buildOpen, setBuildOpen] = useState(false);
  return (
    <ActionBar<Product>
      resource={productResource}
      obj={product}
      path={`/products/${product.id}`}
      overrides={{
        endsale: {
          dialog: (p) => (
            <EndSaleDialog
              {...p}
              action={productResource.machine!.actions.endsale}
              noun="product"
              replacements={{ path: '/products', query: 'eq(status,published)&ordering(name)' }}
            />
          ),
        },
      }}
      onDeleted={() => {
        // Forget the product's queries rather than refetch them (they would 404); the list refetches when shown.
        client.removeQueries({
          predicate: (q) => q.queryKey.some((k) => typeof k === 'string' && k.startsWith(`/products/${product.id}`)),
        });
        navigate(pathTo('products'), { state: deletedNotice(productResource, product) });
      }}
    >
      <Button variant="contained" size="small" disabled={building} onClick={() => setBuildOpen(true)}>
        {building ? 'Building…' : 'Build version'}
      </Button>
      <BuildVersionDialog
        productId={product.id}
        open={buildOpen}
        onClose={() => setBuildOpen(false)}
        onStarted={(v) =>
          navigate(productTabUrl(product.id, 'versions'), {
            state: { notice: { severity: 'info', content: buildStartedMessage(v) } } satisfies NoticeState,
          })
        }
      />
    </ActionBar>
  );
}
