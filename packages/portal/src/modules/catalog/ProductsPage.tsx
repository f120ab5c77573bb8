import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { productResource, type Product } from '@trellis/domain/catalog/product';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { chrome } from '../../app/chrome/store.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable, type Column } from '../../components/ResourceTable/ResourceTable.tsx';
import { CatalogStatusChip } from './common/CatalogStatusChip.tsx';
import { notify, type NoticeState } from './common/notify.ts';
import { productTabUrl } from './common/paths.ts';
import { CreateProductDialog } from './product/CreateProductDialog.tsx';
import { ProductAvatar } from './product/ProductIcon.tsx';

const COLUMNS: Column<Product>[] = [
  { field: 'name', label: 'Product', render: (p) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <ProductAvatar icon={p.icon} name={p.name} />
      <Box>
        <Box sx={{ fontWeight: 500 }}>{p.name}</Box>
        <Box sx={{ color: 'text.secondary', fontSize: 12, fontFamily: 'monospace' }}>{p.id}</Box>
      </Box>
    </Box>
  ) },
  { field: 'category.name', label: 'Category' },
  { field: 'status', label: 'Status', render: (p) => <CatalogStatusChip status={p.status} /> },
  { field: 'version', label: 'Version', render: (p) => (p.version ? String(p.version) : '—') },
  { field: 'owner.name', label: 'Vendor' },
  { field: 'events.updated.at', label: 'Updated' },
];

/** The catalogue: the vendor's own products, or the products a provider is linked to (read-only). */
export default function ProductsPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [creating, setCreating] = useState(false);
  const isVendor = auth.account.type === 'vendor';
  usePageChrome({ title: 'Products' });

  // A message handed over by the page we came from (e.g. a deleted product).
  useEffect(() => {
    const notice = (location.state as NoticeState | null)?.notice;
    if (notice) {
      notify(notice.severity, notice.content);
      navigate(location.pathname + location.search, { replace: true, state: null });
    }
    return () => chrome.set({ alert: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <ResourceTable<Product> resource={productResource} noun="products" columns={COLUMNS}
        rowLink={(p) => productTabUrl(p.id, 'general')}
        toolbar={isVendor && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>Create product</Button>} />
      <CreateProductDialog open={creating} onClose={() => setCreating(false)}
        onCreated={(p) => {
          setCreating(false);
          navigate(productTabUrl(p.id, 'general'), { state: { notice: { severity: 'success', content: `Product ${p.name} (${p.id}) was created as a draft.` } } satisfies NoticeState });
        }} />
    </>
  );
}
