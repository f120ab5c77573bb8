import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { productResource, type Product } from '@trellis/domain/catalog/product';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { useNotice, type NoticeState } from '../../app/notices.ts';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { useMayCreate } from './common/data.ts';
import { productTabUrl } from './common/paths.ts';
import { CreateProductDialog } from './product/CreateProductDialog.tsx';
import { ProductAvatar } from './product/ProductIcon.tsx';

/** The catalogue: the vendor's own products, or the products a provider is linked to (read-only). */
export default function ProductsPage() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const mayCreate = useMayCreate();
  usePageChrome({ title: 'Products' });
  useNotice();

  return (
    <>
      <ResourceTable<Product>
        resource={productResource}
        render={{
          name: (p) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <ProductAvatar icon={p.icon} name={p.name} />
              <Box>
                <Box sx={{ fontWeight: 500 }}>{p.name}</Box>
                <Box sx={{ color: 'text.secondary', fontSize: 12, fontFamily: 'monospace' }}>{p.id}</Box>
              </Box>
            </Box>
          ),
          version: (p) => (p.version ? String(p.version) : '—'),
        }}
        rowLink={(p) => productTabUrl(p.id, 'general')}
        toolbar={
          mayCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create product
            </Button>
          )
        }
      />
      <CreateProductDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(p) => {
          setCreating(false);
          navigate(productTabUrl(p.id, 'general'), {
            state: {
              notice: { severity: 'success', content: `Product ${p.name} (${p.id}) was created as a draft.` },
            } satisfies NoticeState,
          });
        }}
      />
    </>
  );
}
